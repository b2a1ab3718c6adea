/**
 * How dependency-cruiser reads TypeScript and JSX (.dependency-cruiser.cjs): Babel strips the types
 * and the JSX, keeping every import, type-only ones included (keep-type-imports.cjs).
 */
module.exports = {
  babelrc: false,
  configFile: false,
  plugins: [require.resolve("./keep-type-imports.cjs")],
  presets: [
    ["@babel/preset-typescript", { onlyRemoveTypeImports: true, isTSX: true, allExtensions: true }],
    ["@babel/preset-react", { runtime: "automatic" }],
  ],
};
