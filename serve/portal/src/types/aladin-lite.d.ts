/** The part of Aladin Lite v3's API (https://aladin.cds.unistra.fr/AladinLite/doc/API/) the portal uses. */
declare module 'aladin-lite' {
  export interface AladinSource {
    readonly ra: number;
    readonly dec: number;
    readonly data: Record<string, unknown>;
  }
  export interface AladinCatalog {
    addSources(sources: AladinSource[]): void;
  }
  export interface AladinMoc {
    readonly __moc?: never;
  }
  export interface AladinInstance {
    gotoRaDec(raDeg: number, decDeg: number): void;
    setFoV(fovDeg: number): void;
    addCatalog(catalog: AladinCatalog): void;
    addMOC(moc: AladinMoc): void;
    removeLayers(): void;
    setImageSurvey(idOrUrl: string): void;
  }
  export interface AladinOptions {
    survey?: string;
    fov?: number;
    target?: string;
    projection?: string;
    cooFrame?: string;
    showReticle?: boolean;
    showCooGrid?: boolean;
    showFullscreenControl?: boolean;
    showLayersControl?: boolean;
    showGotoControl?: boolean;
    showShareControl?: boolean;
    showFrame?: boolean;
    showProjectionControl?: boolean;
    showSimbadPointerControl?: boolean;
    mode?: 'dark' | 'light';
  }
  export interface AladinStatic {
    readonly init: Promise<void>;
    aladin(element: HTMLElement, options?: AladinOptions): AladinInstance;
    catalog(options?: { name?: string; color?: string; sourceSize?: number; shape?: string }): AladinCatalog;
    source(raDeg: number, decDeg: number, data?: Record<string, unknown>): AladinSource;
    MOCFromJSON(
      json: Record<string, number[]>,
      options?: { color?: string; opacity?: number; lineWidth?: number; name?: string },
    ): AladinMoc;
  }
  const A: AladinStatic;
  export default A;
}
