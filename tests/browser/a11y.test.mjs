// Accessibility in the light scheme, with the keyboard, data-table and print checks; the dark
// scheme is a11y-dark.test.mjs, so the two run side by side. The suite is tests/browser/a11y.mjs.
import { a11y } from "./a11y.mjs";

a11y({ schemes: ["light"], keyboard: true });
