/** What every resolver is asked. */
export interface ResolveRequest {
  /** The name to resolve (trimmed; may be empty for `tns`: the whole table). */
  readonly name: string;
  /** True: `name` is a ZTF objectId, answer its names. */
  readonly reverse: boolean;
  /** Most rows answered. */
  readonly nmax: number;
  /** simbad forward: the alerts' cross-match names only, no SIMBAD service ([] for a name none carries). */
  readonly offline?: boolean;
}
