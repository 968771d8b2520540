/**
 * Simple silhouettes of the demo catalogue's kinds of goods (800 × 800 SVG fragments), so that a
 * bottle, dumbbells and a bracelet each look like what they are. The kind is the first word of the
 * product's name (its head noun); `fill` paints the item in its variant's colour, `stroke` outlines it.
 */
type Draw = (fill: string, stroke: string) => string;

const outline = (stroke: string) => `stroke="${stroke}" stroke-width="8" stroke-linejoin="round"`;
const sole = (stroke: string, y: number) => `<rect x="110" y="${y}" width="590" height="44" rx="20" fill="#f1f3f5" ${outline(stroke)}/>`;

const shapes: Record<string, Draw> = {
  sneaker: (fill, stroke) =>
    `<path d="M120 520 Q118 448 196 432 L330 410 Q380 330 452 318 L530 330 Q566 382 604 418 L664 440 Q702 452 702 504 L702 548 L120 548 Z" fill="${fill}" ${outline(stroke)}/>` +
    sole(stroke, 530) +
    `<path d="M360 400 L420 380 M380 430 L440 410 M400 460 L460 440" stroke="${stroke}" stroke-width="10" stroke-linecap="round"/>`,
  boot: (fill, stroke) =>
    `<path d="M300 170 L480 170 L480 430 Q580 448 650 486 Q690 508 690 552 L690 586 L250 586 L250 440 Q270 300 300 170 Z" fill="${fill}" ${outline(stroke)}/>` +
    sole(stroke, 570) +
    `<path d="M300 230 L480 230" stroke="${stroke}" stroke-width="10"/>`,
  sandal: (fill, stroke) =>
    `<ellipse cx="400" cy="430" rx="150" ry="280" fill="#f1f3f5" ${outline(stroke)}/>` +
    `<path d="M260 360 Q400 250 540 360 L520 420 Q400 340 280 420 Z" fill="${fill}" ${outline(stroke)}/>` +
    `<path d="M280 520 Q400 460 520 520 L510 570 Q400 520 290 570 Z" fill="${fill}" ${outline(stroke)}/>`,
  jacket: (fill, stroke) =>
    `<path d="M300 170 L370 150 Q400 196 430 150 L500 170 L640 260 L640 620 L560 620 L560 660 L240 660 L240 620 L160 620 L160 260 Z" fill="${fill}" ${outline(stroke)}/>` +
    `<path d="M400 190 L400 660" stroke="${stroke}" stroke-width="8" stroke-dasharray="14 10"/><path d="M160 300 L240 330 L240 620 M640 300 L560 330 L560 620" fill="none" stroke="${stroke}" stroke-width="6"/>`,
  vest: (fill, stroke) =>
    `<path d="M310 160 L370 150 Q400 200 430 150 L490 160 Q520 260 580 280 L580 660 L220 660 L220 280 Q280 260 310 160 Z" fill="${fill}" ${outline(stroke)}/>` +
    `<path d="M400 196 L400 660" stroke="${stroke}" stroke-width="8" stroke-dasharray="14 10"/>`,
  tshirt: (fill, stroke) =>
    `<path d="M290 170 Q400 236 510 170 L660 250 L610 360 L540 330 L540 650 L260 650 L260 330 L190 360 L140 250 Z" fill="${fill}" ${outline(stroke)}/>`,
  longsleeve: (fill, stroke) =>
    `<path d="M290 170 Q400 236 510 170 L620 220 L690 560 L620 580 L540 330 L540 650 L260 650 L260 330 L180 580 L110 560 L180 220 Z" fill="${fill}" ${outline(stroke)}/>`,
  hoodie: (fill, stroke) =>
    `<path d="M300 200 Q300 110 400 110 Q500 110 500 200 Q400 250 300 200 Z" fill="${fill}" ${outline(stroke)}/>` +
    `<path d="M290 190 Q400 250 510 190 L620 240 L690 570 L620 590 L545 340 L545 660 L255 660 L255 340 L180 590 L110 570 L180 240 Z" fill="${fill}" ${outline(stroke)}/>` +
    `<rect x="320" y="480" width="160" height="90" rx="20" fill="none" stroke="${stroke}" stroke-width="6"/>`,
  trousers: (fill, stroke) =>
    `<path d="M270 150 L530 150 L575 660 L448 660 L400 330 L352 660 L225 660 Z" fill="${fill}" ${outline(stroke)}/>` +
    `<path d="M270 200 L530 200" stroke="${stroke}" stroke-width="6"/>`,
  backpack: (fill, stroke) =>
    `<path d="M330 230 Q330 150 400 150 Q470 150 470 230" fill="none" stroke="${stroke}" stroke-width="22"/>` +
    `<rect x="220" y="220" width="360" height="450" rx="90" fill="${fill}" ${outline(stroke)}/>` +
    `<rect x="280" y="450" width="240" height="170" rx="40" fill="none" stroke="${stroke}" stroke-width="8"/>`,
  bag: (fill, stroke) =>
    `<path d="M250 360 Q400 120 550 360" fill="none" stroke="${stroke}" stroke-width="20"/>` +
    `<path d="M170 360 L630 360 L600 640 L200 640 Z" fill="${fill}" ${outline(stroke)}/>` +
    `<path d="M180 430 L620 430" stroke="${stroke}" stroke-width="6"/>`,
  beanie: (fill, stroke) =>
    `<circle cx="400" cy="200" r="50" fill="${fill}" ${outline(stroke)}/>` +
    `<path d="M220 520 Q220 240 400 240 Q580 240 580 520 Z" fill="${fill}" ${outline(stroke)}/>` +
    `<rect x="200" y="500" width="400" height="110" rx="30" fill="${fill}" ${outline(stroke)}/>`,
  cap: (fill, stroke) =>
    `<path d="M230 470 Q230 250 420 250 Q600 250 600 470 Z" fill="${fill}" ${outline(stroke)}/>` +
    `<path d="M560 460 Q690 460 720 520 L560 520 Z" fill="${fill}" ${outline(stroke)}/>`,
  panama: (fill, stroke) =>
    `<ellipse cx="400" cy="500" rx="300" ry="70" fill="${fill}" ${outline(stroke)}/>` +
    `<path d="M270 490 Q270 300 400 300 Q530 300 530 490 Z" fill="${fill}" ${outline(stroke)}/>`,
  scarf: (fill, stroke) =>
    `<path d="M250 160 Q400 230 550 160 L560 260 Q470 300 450 330 L470 660 L370 660 L380 330 Q320 290 240 260 Z" fill="${fill}" ${outline(stroke)}/>` +
    `<path d="M380 670 L380 710 M400 670 L400 710 M420 670 L420 710 M440 670 L440 710 M460 670 L460 710" stroke="${stroke}" stroke-width="6"/>`,
  tent: (fill, stroke) =>
    `<path d="M400 170 L680 620 L120 620 Z" fill="${fill}" ${outline(stroke)}/>` +
    `<path d="M400 330 L470 620 L330 620 Z" fill="#f1f3f5" ${outline(stroke)}/><path d="M80 620 L720 620" stroke="${stroke}" stroke-width="10"/>`,
  sleepingBag: (fill, stroke) =>
    `<rect x="250" y="120" width="300" height="580" rx="150" fill="${fill}" ${outline(stroke)}/>` +
    `<ellipse cx="400" cy="250" rx="100" ry="80" fill="#f1f3f5" ${outline(stroke)}/><path d="M520 330 L520 650" stroke="${stroke}" stroke-width="6" stroke-dasharray="14 10"/>`,
  bottle: (fill, stroke) =>
    `<rect x="340" y="130" width="120" height="80" rx="20" fill="#495057" ${outline(stroke)}/>` +
    `<path d="M320 210 L480 210 Q520 250 520 320 L520 650 Q520 680 490 680 L310 680 Q280 680 280 650 L280 320 Q280 250 320 210 Z" fill="${fill}" ${outline(stroke)}/>`,
  mat: (fill, stroke) =>
    `<rect x="190" y="300" width="420" height="200" fill="${fill}" ${outline(stroke)}/>` +
    `<ellipse cx="190" cy="400" rx="60" ry="100" fill="${fill}" ${outline(stroke)}/><ellipse cx="610" cy="400" rx="60" ry="100" fill="${fill}" ${outline(stroke)}/>` +
    `<ellipse cx="610" cy="400" rx="24" ry="40" fill="none" stroke="${stroke}" stroke-width="6"/>`,
  headlamp: (fill, stroke) =>
    `<ellipse cx="400" cy="400" rx="260" ry="150" fill="none" stroke="${fill}" stroke-width="46"/>` +
    `<rect x="310" y="470" width="180" height="130" rx="30" fill="#495057" ${outline(stroke)}/><circle cx="400" cy="535" r="44" fill="#fff3bf" ${outline(stroke)}/>`,
  dumbbell: (fill, stroke) =>
    `<rect x="240" y="370" width="320" height="60" rx="20" fill="#adb5bd" ${outline(stroke)}/>` +
    `<rect x="150" y="250" width="100" height="300" rx="24" fill="${fill}" ${outline(stroke)}/><rect x="550" y="250" width="100" height="300" rx="24" fill="${fill}" ${outline(stroke)}/>` +
    `<rect x="100" y="300" width="60" height="200" rx="16" fill="${fill}" ${outline(stroke)}/><rect x="640" y="300" width="60" height="200" rx="16" fill="${fill}" ${outline(stroke)}/>`,
  band: (fill, stroke) =>
    `<ellipse cx="330" cy="400" rx="190" ry="120" fill="none" stroke="${fill}" stroke-width="40"/>` +
    `<ellipse cx="470" cy="400" rx="190" ry="120" fill="none" stroke="${stroke}" stroke-width="40" opacity="0.5"/>`,
  jumpRope: (fill, stroke) =>
    `<path d="M230 280 Q400 880 570 280" fill="none" stroke="${stroke}" stroke-width="14"/>` +
    `<rect x="195" y="130" width="70" height="170" rx="30" fill="${fill}" ${outline(stroke)}/><rect x="535" y="130" width="70" height="170" rx="30" fill="${fill}" ${outline(stroke)}/>`,
  bracelet: (fill, stroke) =>
    `<ellipse cx="400" cy="400" rx="170" ry="250" fill="none" stroke="${fill}" stroke-width="60"/>` +
    `<rect x="320" y="320" width="160" height="160" rx="36" fill="#212529" ${outline(stroke)}/><rect x="345" y="345" width="110" height="110" rx="20" fill="#74c0fc"/>`,
};

/** The head noun of a demo product's name → its silhouette. */
const kindOfWord: Record<string, keyof typeof shapes> = {
  кроссовки: 'sneaker',
  кеды: 'sneaker',
  ботинки: 'boot',
  дутики: 'boot',
  челси: 'boot',
  сандалии: 'sandal',
  сланцы: 'sandal',
  куртка: 'jacket',
  пуховик: 'jacket',
  ветровка: 'jacket',
  парка: 'jacket',
  жилет: 'vest',
  футболка: 'tshirt',
  поло: 'tshirt',
  лонгслив: 'longsleeve',
  кардиган: 'longsleeve',
  свитер: 'longsleeve',
  худи: 'hoodie',
  толстовка: 'hoodie',
  флиска: 'hoodie',
  джинсы: 'trousers',
  брюки: 'trousers',
  рюкзак: 'backpack',
  сумка: 'bag',
  шапка: 'beanie',
  бейсболка: 'cap',
  панама: 'panama',
  шарф: 'scarf',
  снуд: 'scarf',
  палатка: 'tent',
  спальный: 'sleepingBag',
  термос: 'bottle',
  бутылка: 'bottle',
  коврик: 'mat',
  фонарь: 'headlamp',
  гантели: 'dumbbell',
  эспандер: 'band',
  скакалка: 'jumpRope',
  'фитнес-браслет': 'bracelet',
};

/** The silhouette of a product by its name's first word; null for a kind not drawn here. */
export function silhouetteKind(productName: string): string | null {
  const head = productName.trim().split(/\s+/)[0]?.toLowerCase() ?? '';
  return kindOfWord[head] ?? null;
}

export function drawSilhouette(kind: string, fill: string, stroke: string): string | null {
  const draw = shapes[kind];
  return draw ? draw(fill, stroke) : null;
}
