#!/usr/bin/env node
// `./build.sh new-lesson ID`: a new lesson folder, src/lessons/ID/, copied from
// tools/lesson-template/ (one parameter, one table, one chart, texts in both languages), and its
// line in the registry (src/lessons/mod.rs). build.sh then builds the CLI and writes the
// lesson's goldens. The next steps are in docs/adding-a-lesson.md.
import { cpSync, existsSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";

const ROOT = join(import.meta.dirname, "..");
const TEMPLATE = join(ROOT, "tools", "lesson-template");
const REGISTRY = join(ROOT, "src", "lessons", "mod.rs");
const RUST_WORDS = new Set("as async await break const continue crate dyn else enum extern false fn for if impl in let loop match mod move mut pub ref return self static struct super trait true type unsafe use where while abstract become box do final macro override priv typeof unsized virtual yield try gen".split(" "));

function fail(message) {
  console.error(`new-lesson: ${message}`);
  process.exit(2);
}

const id = process.argv[2];
if (!id) fail("give the lesson's id: ./build.sh new-lesson ID (lowercase letters, digits and _, such as claim_check)");
if (!/^[a-z][a-z0-9_]{0,39}$/.test(id) || id.endsWith("_") || id.includes("__"))
  fail(`"${id}" is not a lesson id: lowercase ASCII letters, digits and single underscores, starting with a letter (such as claim_check)`);
if (RUST_WORDS.has(id)) fail(`"${id}" is a Rust keyword; choose another id`);
const folder = join(ROOT, "src", "lessons", id);
if (existsSync(folder)) fail(`src/lessons/${id} exists already`);

const registry = readFileSync(REGISTRY, "utf8");
// One lesson per line; comment lines between them are kept.
const block = /crate::registry! \{\n((?: {4}(?:\w+,|\/\/.*)\n)*)\}/.exec(registry);
if (!block) fail("src/lessons/mod.rs has no registry! { ... } block with one lesson per line");
if (block[1].split("\n").some((l) => l.trim() === `${id},`)) fail(`${id} is in the registry already`);

// template_lesson → id, TemplateLesson → the type's name, "Template lesson" → the title.
const type = id.split("_").map((w) => w[0].toUpperCase() + w.slice(1)).join("");
const title = id.replaceAll("_", " ").replace(/^./, (c) => c.toUpperCase());
const rename = (text) => text.replaceAll("template_lesson", id).replaceAll("TemplateLesson", type).replaceAll("Template lesson", title);

cpSync(TEMPLATE, folder, { recursive: true });
const files = [];
const walk = (d) => {
  for (const name of readdirSync(d)) {
    const p = join(d, name);
    if (statSync(p).isDirectory()) walk(p);
    else files.push(p);
  }
};
walk(folder);
for (const f of files) writeFileSync(f, rename(readFileSync(f, "utf8")));

// One line in the registry, after the last lesson.
const at = block.index + block[0].length - 1;
writeFileSync(REGISTRY, `${registry.slice(0, at)}    ${id},\n${registry.slice(at)}`);

console.log(`new-lesson: src/lessons/${id}/ (${files.map((f) => relative(folder, f)).join(", ")}) and its line in src/lessons/mod.rs`);
