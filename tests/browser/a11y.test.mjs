// Accessibility, half of the views (each in the light and the dark scheme) with the keyboard,
// data-table and print checks; the other half and the chart colours are a11y-2.test.mjs, so the
// two run side by side. The suite is tests/browser/a11y.mjs.
import { a11y } from "./a11y.mjs";

a11y({ part: 0, keyboard: true });
