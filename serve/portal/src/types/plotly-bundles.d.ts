/** The partial Plotly bundles have the API of the full one (types of @types/plotly.js). */
declare module 'plotly.js-cartesian-dist-min' {
  import * as Plotly from 'plotly.js';
  export = Plotly;
}
declare module 'plotly.js-geo-dist-min' {
  import * as Plotly from 'plotly.js';
  export = Plotly;
}
