// The watched run's small traps (issue 32, point 9), as a person sees them on a 390 × 844 touch
// phone and a 1440 × 900 laptop: leader's "intervene in the run" neither offers nor preselects a
// fault for a node that has crashed by the round shown (the core says from when: the
// intervention's `until`); the keyboard's help is not shown on a touch phone; and the "what
// moved" bar that a change made while a run is watched brings up does not cover the
// timeline's legend. Needs ./build.sh build.
import { before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { SHOOTS, SHOTS, clean, page, rendered, settled, suiteEnv } from "./lib.mjs";

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
const LAPTOP = { viewport: { width: 1440, height: 900 } };

/** Opens leader's watched run (the lesson's values: N1 crashes in round 20) on `ctx`. */
async function leaderRun(ctx, env, query = "") {
  const p = await page(ctx);
  await p.goto(`${env.url}?lesson=leader${query}&trace=`);
  await rendered(p);
  await p.waitForSelector(".trace .timeline svg");
  await settled(p);
  return p;
}

/** What the intervention form shows: the lane list's options, the one selected, its buttons
 * (text, enabled) and its hint. */
const intervention = (p) =>
  p.locator(".trace .trace-intervene").evaluate((box) => {
    const select = box.querySelector("select");
    return {
      options: [...select.options].map((o) => ({ text: o.textContent, disabled: o.disabled })),
      selected: select.selectedOptions[0]?.textContent,
      buttons: [...box.querySelectorAll("button")].map((b) => ({ text: b.textContent, enabled: !b.disabled })),
      why: box.querySelector(".intervene-why").textContent,
    };
  });

/** A screenshot of what the viewport shows, target/screenshots/NAME.png (where SHOOTS). */
const seen = (p, name) => (SHOOTS ? p.screenshot({ path: join(SHOTS, `${name}.png`) }) : null);

/** `b` lies inside the viewport `v` ({width, height}). */
const inside = (b, v) => b && b.y >= 0 && b.x >= 0 && b.y + b.height <= v.height + 0.5 && b.x + b.width <= v.width + 0.5;
/** Boxes `a` and `b` overlap. */
const overlap = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe("the watched run's small traps", () => {
  const env = suiteEnv();
  let phone;
  let laptop;
  before(async () => {
    phone = await env.b.newContext(PHONE);
    laptop = await env.b.newContext(LAPTOP);
  });

  test("leader: a node crashed by the round shown is neither offered a fault nor preselected, and is again before its crash", async () => {
    for (const [name, ctx] of [["phone", phone], ["laptop", laptop]]) {
      const p = await leaderRun(ctx, env);
      // The run opens at its first decisive event (round 56), long after N1 crashed in round 20.
      assert.ok(Number(await p.inputValue(".trace .scrubber")) >= 20, name);
      let form = await intervention(p);
      assert.notEqual(form.selected, "N1", `${name}: N1 preselected`);
      assert.deepEqual(form.options[0], { text: "N1 (tur 20 itibarıyla koşu dışı)", disabled: true }, name);
      assert.ok(!form.buttons.some((b) => b.enabled && b.text.startsWith("N1 ")), `${name}: ${JSON.stringify(form.buttons)}`);
      assert.ok(form.buttons.some((b) => b.enabled), `${name}: another node is offered a fault`);
      // Picking N1's crashed bar does not bring it back into the form.
      await p.fill(".trace .scrubber", "40");
      const bar = p.locator('.trace figure[data-track="nodes"] svg rect[data-lane="0"][data-state="crashed"]').first();
      await bar.scrollIntoViewIfNeeded();
      const at = await bar.boundingBox();
      await p.mouse.click(at.x + at.width / 2, at.y + at.height / 2);
      assert.match(await p.textContent(".trace-detail"), /N1: çöktü/, name);
      form = await intervention(p);
      assert.notEqual(form.selected, "N1", `${name}: N1 chosen from its crashed bar`);
      assert.ok(!form.buttons.some((b) => b.enabled && b.text.startsWith("N1 ")), `${name}: ${JSON.stringify(form.buttons)}`);
      // The round of the crash itself is out (N1 is crashed in it); the round before is not.
      await p.fill(".trace .scrubber", "19");
      assert.equal((await intervention(p)).options[0].disabled, true, `${name}: round 20`);
      await p.fill(".trace .scrubber", "10");
      form = await intervention(p);
      assert.deepEqual(form.options[0], { text: "N1 (tur 20 itibarıyla koşu dışı)", disabled: false }, name);
      await p.locator(".trace .trace-intervene select").selectOption("0");
      form = await intervention(p);
      assert.deepEqual(form.buttons, [
        { text: "N1 çöksün (tur 11)", enabled: true },
        { text: "N1 6 tur donsun (tur 11)", enabled: true },
      ], name);
      // A person sees the form.
      await p.locator(".trace .trace-intervene").scrollIntoViewIfNeeded();
      assert.ok(inside(await p.locator(".trace .trace-intervene select").boundingBox(), ctx === phone ? PHONE.viewport : LAPTOP.viewport), name);
      await seen(p, `timeline-traps-intervene-${name}`);
      clean(p, name);
      await p.close();
    }
  });

  test("leader: every node crashed by the round shown leaves no fault to set, and says so", async () => {
    const p = await leaderRun(laptop, env, "&crash=N1%4020%2CN2%4030%2CN3%4040");
    await p.fill(".trace .scrubber", "45");
    const form = await intervention(p);
    assert.ok(form.options.every((o) => o.disabled), JSON.stringify(form.options));
    assert.ok(form.buttons.every((b) => !b.enabled), JSON.stringify(form.buttons));
    assert.equal(form.why, "Gösterilen anda hiçbiri koşuda değil: müdahale etmek için geri gidin.");
    clean(p, "all crashed");
    await p.close();
  });

  test("the keyboard's help is shown on a laptop, not on a touch phone (nor the legend's key)", async () => {
    for (const [name, ctx, shown] of [["phone", phone, false], ["laptop", laptop, true]]) {
      const p = await leaderRun(ctx, env);
      const keys = p.locator(".trace .hint.keys");
      assert.match(await keys.textContent(), /Klavye: Boşluk oynatır/, name);
      await p.locator(".trace .trace-controls").scrollIntoViewIfNeeded();
      assert.equal(await keys.isVisible(), shown, name);
      if (shown) assert.ok(inside(await keys.boundingBox(), LAPTOP.viewport), name);
      // Nor does the legend send a phone to a key; the controls they tell of are there.
      const text = await p.locator(".trace").innerText();
      assert.equal(/Klavye|N ile atlanır/.test(text), shown, `${name}: ${text.match(/.*(Klavye|N ile).*/g)}`);
      assert.ok(await p.locator(".trace .trace-controls .play").isVisible(), name);
      assert.ok(await p.locator(".trace .trace-controls .decisive-next").isVisible(), name);
      clean(p, name);
      await p.close();
    }
  });

  test("a change made while a run is watched: the 'what moved' bar leaves the timeline's legend in view", async () => {
    for (const [name, ctx] of [["phone", phone], ["laptop", laptop]]) {
      const view = ctx === phone ? PHONE.viewport : LAPTOP.viewport;
      const p = await leaderRun(ctx, env);
      const legend = p.locator('.trace figure[data-track="nodes"] .trace-legend');
      // The learner reads the nodes' timeline, its legend at the bottom of the screen, and
      // crashes N3 from the form above it.
      await legend.evaluate((l) => window.scrollBy({ top: l.getBoundingClientRect().bottom - (innerHeight - 12), behavior: "instant" }));
      assert.ok(inside(await legend.boundingBox(), view), `${name}: the legend in view before`);
      const form = p.locator(".trace .trace-intervene");
      await form.locator("select").selectOption({ label: "N3" });
      const crash = form.locator('button[data-param="crash"]');
      assert.ok(inside(await crash.boundingBox(), view), `${name}: the button in view`);
      const renders = Number(await p.evaluate(() => document.body.dataset.renders));
      await crash.click();
      await p.waitForFunction(() => /N3@/.test(new URL(location.href).searchParams.get("crash")));
      await rendered(p, renders + 1);
      await p.waitForSelector(".change-summary");
      await p.waitForSelector(".trace .timeline svg");
      await settled(p);
      const bar = await p.locator(".change-summary").boundingBox();
      assert.ok(inside(bar, view), `${name}: the bar is seen`);
      const after = await legend.boundingBox();
      assert.ok(inside(after, view), `${name}: the legend in view after, ${JSON.stringify(after)}`);
      assert.ok(!overlap(after, bar), `${name}: the bar ${JSON.stringify(bar)} covers the legend ${JSON.stringify(after)}`);
      await seen(p, `timeline-traps-changes-${name}`);
      // The page's end keeps room for the bar while it is shown, and gives it back once closed.
      const room = () => p.evaluate(() => parseFloat(getComputedStyle(document.body).paddingBottom));
      assert.ok((await room()) >= bar.height, `${name}: room ${await room()} for a bar of ${bar.height}`);
      await p.locator(".change-summary .change-actions button").last().click();
      await p.waitForSelector(".change-summary", { state: "detached" });
      await settled(p);
      assert.equal(await room(), 0, `${name}: the room given back`);
      clean(p, name);
      await p.close();
    }
  });
});
