/** SPSS export: a .sav system file writer and a numeric-coded CSV with its codebook (decision 028). */
export {
  type CodedCsv,
  type CodedCsvOptions,
  CodedCsvWriter,
  writeCodebook,
  writeCodedCsv,
} from './coded-csv';
export {
  MAX_FILE_LABEL_BYTES,
  MAX_STRING_WIDTH,
  MAX_VALUE_LABEL_BYTES,
  MAX_VARIABLE_LABEL_BYTES,
  type SavCell,
  type SavDataset,
  type SavDichotomySet,
  type SavDictionary,
  type SavMeasure,
  SavValidationError,
  type SavValueLabel,
  type SavVariable,
  savDate,
} from './dataset';
export {
  NOT_ANSWERED,
  SavWriter,
  type SavWriterOptions,
  SYSMIS,
  type WriteSavOptions,
  writeSav,
} from './sav';
export { truncateUtf8, utf8ByteLength } from './utf8';
