// Accessibility in the dark scheme: every view audited by axe-core and the chart colours
// (tests/browser/a11y.mjs; the light scheme and the keyboard checks are a11y.test.mjs).
import { a11y } from "./a11y.mjs";

a11y({ schemes: ["dark"], keyboard: false });
