// Accessibility, the other half of the views (each in the light and the dark scheme) with the
// chart and timeline colours in both; the first half and the keyboard checks are a11y.test.mjs.
// The suite is tests/browser/a11y.mjs.
import { a11y } from "./a11y.mjs";

a11y({ part: 1, keyboard: false });
