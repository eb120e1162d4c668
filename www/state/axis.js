// A sweep axis as the link writes it (`scan:1..8:4`, `seed=1,2,3`): the parameter and its values.
// Its own module: the page reads it without loading the sweep form.

/** `name:values` (or `name=values`) as {name, values}. */
export function splitAxis(text) {
  const at = text ? text.search(/[:=]/) : -1;
  return at < 0 ? { name: text ?? "", values: "" } : { name: text.slice(0, at), values: text.slice(at + 1) };
}
