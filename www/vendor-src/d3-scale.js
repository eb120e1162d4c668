// The part of d3 the charts use: scales and their ticks. Bundled by build.sh into
// www/vendor/d3-scale.js from the versions pinned in package-lock.json.
export { scaleBand, scaleLinear, scaleLog } from "d3-scale";
