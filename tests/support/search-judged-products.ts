/**
 * Products the recall test adds to the demo catalogue for the judged set's «dimensions» class:
 * the demo catalogue has one name with a dimension («Гантели разборные 2 × 10 кг»). Each writes
 * it its own way: Latin x, Cyrillic х, ×, * and with spaces.
 */
export interface JudgedExtraProduct {
  name: string;
  url: string;
  category: string;
  brand: string;
  colors: string[];
}

export const judgedExtraProducts: JudgedExtraProduct[] = [
  { name: 'Плед флисовый 150×200 Экспедиция', url: 'judged-pled-150-200', category: 'turizm', brand: 'ekspeditsiya', colors: ['seryj'] },
  { name: 'Плед шерстяной 200x220 Bask', url: 'judged-pled-200-220', category: 'turizm', brand: 'bask', colors: ['bezhevyj'] },
  { name: 'Тент туристический 3х3 Red Fox', url: 'judged-tent-3-3', category: 'turizm', brand: 'red-fox', colors: ['zelenyj'] },
  { name: 'Мат гимнастический 183 x 61 Puma', url: 'judged-mat-183-61', category: 'fitnes', brand: 'puma', colors: ['sinij'] },
  { name: 'Полотенце из микрофибры 70*140 Bask', url: 'judged-polotence-70-140', category: 'turizm', brand: 'bask', colors: ['sinij'] },
  { name: 'Полотенце спортивное 50×100 Nike', url: 'judged-polotence-50-100', category: 'fitnes', brand: 'nike', colors: ['belyj'] },
  { name: 'Гамак 200x80 Red Fox', url: 'judged-gamak-200-80', category: 'turizm', brand: 'red-fox', colors: ['haki'] },
];
