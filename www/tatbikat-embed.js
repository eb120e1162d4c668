// tatbikat's loader for course sites: one script, one element.
//
//   <script src="https://tatbikat.example/tatbikat-embed.js" defer></script>
//   <tatbikat-embed query="lesson=quotas&figure=default_sweep&controls=0"></tatbikat-embed>
//
// It is a classic script that also runs as a module (`<script type="module" src=…>`, how web
// components are often included; the host must then send Access-Control-Allow-Origin for it).
// The element makes the sandboxed frame of the embed (the site this script came from, with the
// link's query and embed=1) when it comes near the screen, sizes it from the embed's height
// message, and re-dispatches the embed's messages as DOM events on itself ("tatbikat:state",
// "tatbikat:prediction", "tatbikat:height", "tatbikat:error"; the message is event.detail).
// `element.set({values})`, `element.set({query})` and `element.get()` send the API's requests
// and resolve with the embed's answer; they reject with its refusal, or with code "timeout" when
// no answer comes within the `timeout` attribute's milliseconds (15000 by default: a blocked
// frame, an origin= list that does not name the page), or "disconnected" when the element is
// removed first. Until the embed answers — and where frames are blocked
// (the course site's policy, tatbikat's frame-ancestors) — it shows an image with a link to
// the view: the `image` attribute's, else the site's logo. API: docs/embedding.md.
(() => {
  if (customElements.get("tatbikat-embed")) return;
  const here = address();
  if (!here) {
    // Not silence: the course site's author reads the console when nothing appears.
    console.error(
      "tatbikat-embed.js: cannot tell which site it was loaded from, so <tatbikat-embed> is not defined. " +
        'Include it under its own file name, e.g. <script src="https://tatbikat.example/tatbikat-embed.js" defer></script> ' +
        '(or type="module"), not renamed, bundled or inlined.',
    );
    return;
  }
  const base = new URL(".", here);
  // Each flag is what the embedded page needs (docs/embedding.md, "The sandbox").
  const SANDBOX = "allow-scripts allow-same-origin allow-forms allow-downloads allow-popups allow-popups-to-escape-sandbox";
  // How long a request waits for the embed's answer, from the call (the embed may still be
  // loading on a slow phone): docs/embedding.md.
  const TIMEOUT = 15000;
  let seq = 0;

  /** A rejection of the loader's own (not the embed's): the API's error shape. */
  const failure = (code, value, message) => Object.assign(new Error(message), { code, param: null, value, allowed: null });

  class TatbikatEmbed extends HTMLElement {
    static get observedAttributes() {
      return ["query"];
    }

    constructor() {
      super();
      this.frame = null;
      this.waiting = new Map(); // request id → {resolve, reject, stop}
      this.onMessage = (e) => this.receive(e);
      const root = this.attachShadow({ mode: "open" });
      // A constructed stylesheet: a course site's policy against inline styles does not refuse it.
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(
        [
          ":host { display: block; }",
          "iframe { display: block; width: 100%; height: 0; border: 0; }",
          ".fallback { display: block; border: 1px solid #d9dcd6; border-radius: 6px; padding: 0.5rem; color: inherit; }",
          ".fallback img { display: block; max-width: 100%; max-height: 24rem; margin: 0 auto 0.4rem; }",
          ":host([data-live]) .fallback { display: none; }",
        ].join("\n"),
      );
      root.adoptedStyleSheets = [sheet];
      this.link = document.createElement("a");
      this.link.className = "fallback";
      this.link.target = "_blank";
      this.link.rel = "noopener";
      this.image = document.createElement("img");
      this.image.alt = "";
      this.caption = document.createElement("span");
      this.link.append(this.image, this.caption);
      root.append(this.link);
    }

    /** The embed's address: this site, the link's query, embed=1. */
    get src() {
      const query = new URLSearchParams((this.getAttribute("query") ?? "").replace(/^\?/, ""));
      query.set("embed", "1");
      return new URL(`?${query}`, base).href;
    }

    /** The whole page of the same view (a new tab, where frames are blocked). */
    get pageHref() {
      const query = new URLSearchParams((this.getAttribute("query") ?? "").replace(/^\?/, ""));
      for (const key of ["embed", "controls", "exports", "figure", "origin"]) query.delete(key);
      return new URL(`?${query}`, base).href;
    }

    connectedCallback() {
      const en = new URLSearchParams(this.getAttribute("query") ?? "").get("lang") === "en";
      this.caption.textContent = this.getAttribute("title") ? `${this.getAttribute("title")} — ` : "";
      this.caption.textContent += en ? "Open the interactive view in tatbikat" : "Etkileşimli görünümü tatbikat'ta açın";
      this.link.href = this.pageHref;
      this.image.src = new URL(this.getAttribute("image") ?? "favicon.svg", this.getAttribute("image") ? document.baseURI : base).href;
      window.addEventListener("message", this.onMessage);
      if (this.frame) return;
      // Loaded when it comes near the screen.
      this.observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && this.load(), { rootMargin: "300px" });
      this.observer.observe(this);
    }

    disconnectedCallback() {
      window.removeEventListener("message", this.onMessage);
      this.observer?.disconnect();
      for (const [id, asked] of this.waiting) {
        asked.stop();
        asked.reject(failure("disconnected", id, "tatbikat-embed: the element was removed before the embed answered"));
      }
      this.waiting.clear();
    }

    /** The `timeout` attribute (ms, at least 100), else 15 s. */
    get timeout() {
      const ms = Number(this.getAttribute("timeout"));
      return Number.isInteger(ms) && ms >= 100 ? ms : TIMEOUT;
    }

    attributeChangedCallback(name, before, after) {
      if (before === null || before === after || !this.frame) return;
      this.frame.src = this.src;
      this.link.href = this.pageHref;
    }

    load() {
      this.observer?.disconnect();
      if (this.frame) return;
      const frame = document.createElement("iframe");
      frame.title = this.getAttribute("title") ?? "tatbikat";
      frame.setAttribute("sandbox", SANDBOX);
      frame.referrerPolicy = "no-referrer";
      frame.src = this.src;
      this.frame = frame;
      this.shadowRoot.append(frame);
    }

    /** A message of the embed: its height sizes the frame; every one becomes a DOM event. */
    receive(e) {
      if (!this.frame || e.source !== this.frame.contentWindow || e.origin !== base.origin) return;
      const data = e.data;
      if (!data || typeof data.type !== "string" || !data.type.startsWith("tatbikat:")) return;
      if (data.type === "tatbikat:height" && Number(data.height) > 0) {
        this.frame.style.height = `${Math.ceil(Number(data.height))}px`;
        this.dataset.live = "";
      }
      const asked = data.id !== undefined && data.id !== null && this.waiting.get(data.id);
      if (asked) {
        this.waiting.delete(data.id);
        asked.stop();
        if (data.type === "tatbikat:error") asked.reject(Object.assign(new Error(data.error?.message ?? "refused"), data.error));
        else asked.resolve(data);
      }
      this.dispatchEvent(new CustomEvent(data.type, { detail: data, bubbles: true, composed: true }));
    }

    /** Sends a request to the embed; resolves with its answer (rejects with its refusal). */
    request(message) {
      if (!this.frame) this.load();
      const id = `tatbikat-embed-${++seq}`;
      return new Promise((resolve, reject) => {
        const send = () => this.frame?.contentWindow?.postMessage({ ...message, id, version: 1 }, base.origin);
        const ms = this.timeout;
        const timer = setTimeout(() => {
          this.waiting.get(id)?.stop();
          this.waiting.delete(id);
          const live = this.dataset.live !== undefined;
          reject(
            failure(
              "timeout",
              ms,
              `tatbikat-embed: no answer from the embed within ${ms} ms. ` +
                (live
                  ? "It is loaded but did not answer: does the link's origin= name this page's origin?"
                  : "It never answered: frames may be blocked (this site's policy, or tatbikat's frame-ancestors), or the link's origin= does not name this page's origin."),
            ),
          );
        }, ms);
        const stop = () => {
          clearTimeout(timer);
          this.removeEventListener("tatbikat:height", send);
        };
        this.waiting.set(id, { resolve, reject, stop });
        if (this.dataset.live !== undefined) send();
        else this.addEventListener("tatbikat:height", send, { once: true });
      });
    }

    /** `{values: {name: value}}` or `{query: "seed=42"}`: checked by the embed's core. */
    set(change) {
      return this.request({ type: "tatbikat:set", ...change });
    }

    /** The embed's state: its link, values and claim. */
    get() {
      return this.request({ type: "tatbikat:get" });
    }
  }

  customElements.define("tatbikat-embed", TatbikatEmbed);

  /** This script's own address (the tatbikat site is the folder it is in), or null when it cannot
   * be found. A classic script has `document.currentScript`; a module script has none (it is null
   * there) and this file cannot read `import.meta.url` (a syntax error in a classic script), so it
   * finds its element, `<script src=".../tatbikat-embed.js">`, or, where another module imported
   * it, its entry in the page's resource timing. */
  function address() {
    const named = (url) => {
      try {
        return new URL(url, document.baseURI).pathname.endsWith("/tatbikat-embed.js");
      } catch {
        return false;
      }
    };
    if (document.currentScript?.src) return document.currentScript.src;
    const element = [...document.querySelectorAll("script[src]")].find((s) => named(s.src));
    if (element) return element.src;
    return performance.getEntriesByType("resource").find((r) => named(r.name))?.name ?? null;
  }
})();
