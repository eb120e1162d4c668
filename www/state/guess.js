// A search's question judged (issue 36): the page's verdict (views/find.js) and the LMS's result
// (scorm/runtime.js) read it from here, a module of its own so that neither pulls the page's
// actions into a chunk of its own on the first visit.

/** A search's question answered ("yes" or "no": a run meeting it exists) against its answer
 * `doc` (the core's finding): "right", "wrong", or "open" when a sample met none, which cannot
 * say that no run exists; null for no guess ("skip"). The page's verdict and the LMS's result. */
export function findVerdict(guess, doc) {
  if (guess !== "yes" && guess !== "no") return null;
  const answer = findAnswer(doc);
  if (answer === null) return "open";
  return guess === answer ? "right" : "wrong";
}

/** Whether a run meeting the search exists, as its answer `doc` says: "yes", "no" (only when
 * every run of the scope was tried), or null (a sample met none). */
export const findAnswer = (doc) => (doc.met > 0 ? "yes" : doc.exhaustive ? "no" : null);

/** The search `doc` answers, as the link writes it: its property's id, or its condition. */
export const findId = (doc) => doc.property?.id ?? doc.condition;
