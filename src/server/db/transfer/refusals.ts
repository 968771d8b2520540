import { migrationNames } from '../migrate.js';
import { formatVersion, TransferRefused, type Header } from './format.js';

export { TransferRefused } from './format.js';

/** The file must be of a format this code reads and from a schema this code has (or had). */
export function checkHeader(header: Header): void {
  if (header.formatVersion > formatVersion) {
    throw new TransferRefused(`Файл выгрузки формата ${header.formatVersion}, а этот магазин читает формат ${formatVersion}: обновите магазин`);
  }
  const latest = migrationNames.at(-1) ?? '';
  if (header.migration > latest) {
    throw new TransferRefused(`Файл выгружен более новой версией магазина (миграция ${header.migration}, здесь последняя ${latest}): обновите магазин и повторите загрузку`);
  }
  if (!migrationNames.includes(header.migration)) {
    throw new TransferRefused(`Файл выгружен из базы с миграцией ${header.migration}, которой этот магазин не знает`);
  }
}
