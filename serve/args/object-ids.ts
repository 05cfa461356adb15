/** Object-id arguments: one ZTF object id, or a comma list of ids or id prefixes (docs/references.md#api-objects, #api-explorer). */
import { ApiError } from '../errors.js';
import { splitList } from './common.js';

/** An object id or id prefix: 3 to 64 letters, digits, `_` or `-` (ZTF ids are `ZTF` + 2 digits + 7 letters). */
export const OBJECT_ID = /^[A-Za-z0-9_-]{3,64}$/;

/** What {@link OBJECT_ID} accepts, for error texts. */
export const OBJECT_ID_FORM = "3 to 64 letters, digits, '_' or '-'";

/**
 * The distinct ids of a comma list, in the order given.
 *
 * @param max most ids in one request.
 * @param missing the 400 text when the list holds no id.
 * @throws ApiError 400 when the list is empty, longer than `max`, or holds an id that is not {@link OBJECT_ID}.
 */
export function objectIdList(text: string, max: number, missing: string): string[] {
  const ids = [...new Set(splitList(text))];
  if (ids.length === 0) throw new ApiError(400, missing);
  if (ids.length > max) throw new ApiError(400, `At most ${max} object ids per request (got ${ids.length}).`);
  for (const id of ids) {
    if (!OBJECT_ID.test(id))
      throw new ApiError(400, `Invalid objectId ${JSON.stringify(id)}: ids are ${OBJECT_ID_FORM}.`);
  }
  return ids;
}
