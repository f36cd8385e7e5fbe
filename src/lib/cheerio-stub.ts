/**
 * mjml-browser's bundle names `cheerio` as an external it never calls on the paths we use
 * (no inline <mj-style>, no mj-html-attributes); vite.config.ts points the import here so
 * the bundle builds without the package.
 */
export default {};
