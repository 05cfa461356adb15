/** Public face of serve/args/: what code outside this folder imports from it. */
export {
  type ArgInfo,
  type ArgsSchema,
  argListing,
  describeArgs,
  type JsonSchema,
  type UploadArg,
} from './arg-docs.js';
export { argsBodyLimit, MAX_ARGS_BODY_BYTES } from './body-limit.js';
export { parseBytesLiteral } from './bytes-literal.js';
export { booleanArg, numberArg, OUTPUT_FORMATS, type OutputFormat, splitList } from './common.js';
export { decArg, MAX_RADIUS_ARCSEC, raArg, radiusArg } from './coords.js';
export {
  DEFAULT_START_DATE,
  DEFAULT_START_JD,
  dateArg,
  MAX_DATE_JD,
  nowJd,
  parseDateToJd,
  positiveDaysArg,
} from './dates.js';
export {
  type EndpointBody,
  type EndpointOptions,
  endpointHandler,
  type GivenArgs,
} from './endpoint-handler.js';
export { withExactIntegers } from './exact-integers.js';
export { OBJECT_ID, OBJECT_ID_FORM, objectIdList } from './object-ids.js';
export { parseArgs, rawArgs, rejectUnknownArgs } from './request.js';
export {
  type ColumnCatalogue,
  type ColumnSelection,
  columnsArg,
  countArg,
  OUTPUT_FORMAT_ALIAS,
  outputFormatArg,
  outputFormatChoice,
  parseColumnSelection,
  stampKindArg,
  withoutEmptyArgs,
} from './table-args.js';
export {
  checkFormFields,
  MAX_FORM_FIELDS,
  MAX_UPLOAD_BYTES,
  type Upload,
  uploadLimit,
} from './upload.js';
