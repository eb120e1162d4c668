// The page's one store: the whole state in one object, changed only by named actions through a
// pure function (update(state, action) → new state, see actions.js), and listeners that each
// watch the part of the state they show.

/** Whether two selections are the same: the same value, or arrays of the same values. */
function same(a, b) {
  if (Object.is(a, b)) return true;
  if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
  return a.every((x, i) => Object.is(x, b[i]));
}

/** A store of `initial`, changed by `update(state, action)`. An action dispatched by a listener
 * is applied after every listener has seen the change before it, so all see changes in order. */
export function createStore(update, initial) {
  let state = initial;
  const listeners = new Set();
  const observers = new Set();
  const queue = [];
  let notifying = false;

  function dispatch(action) {
    queue.push(action);
    if (notifying) return;
    notifying = true;
    try {
      while (queue.length) {
        const action = queue.shift();
        const next = update(state, action);
        if (next !== state) {
          state = next;
          for (const listener of [...listeners]) if (listeners.has(listener)) listener(state);
        }
        for (const observer of [...observers]) observer(action, state);
      }
    } finally {
      notifying = false;
      queue.length = 0;
    }
  }

  /** Calls `listener(selected, previous, state)` whenever `select(state)` changes (an array
   * selection changes when one of its items does); with `now`, once at once as well. Returns
   * the function that stops it. */
  function subscribe(select, listener, { now = false } = {}) {
    let last = select(state);
    const watch = (s) => {
      const next = select(s);
      if (same(next, last)) return;
      const previous = last;
      last = next;
      listener(next, previous, s);
    };
    listeners.add(watch);
    if (now) listener(last, undefined, state);
    return () => listeners.delete(watch);
  }

  /** Calls `observer(action, state)` after each action is applied, also one that changes
   * nothing (the journal keeps some, an LMS's runtime records them: scorm/runtime.js). Returns
   * the function that stops it. */
  function observe(observer) {
    observers.add(observer);
    return () => observers.delete(observer);
  }

  return {
    get state() {
      return state;
    },
    dispatch,
    subscribe,
    observe,
  };
}
