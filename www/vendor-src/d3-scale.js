// The part of d3 the charts use: scales and their ticks. Bundled by `npm run build:vendor`
// (package.json, run by build.sh) into www/vendor/d3-scale.js from the versions pinned in
// package-lock.json.
export { scaleBand, scaleLinear, scaleLog } from "d3-scale";
