/**
 * A function of a string whose answers are remembered. Redirects ask the same few hundred user agents over and over;
 * once `max` answers are held they are all forgotten at once, so a flood of odd keys keeps memory bounded and the
 * common ones are back after a few requests. Cheaper on every call than an LRU's bookkeeping.
 */
export function remembered<V>(fn: (key: string) => V, max = 2000): (key: string) => V {
  const answers = new Map<string, V>();
  return (key) => {
    let answer = answers.get(key);
    if (answer === undefined) {
      answer = fn(key);
      if (answers.size >= max) answers.clear();
      answers.set(key, answer);
    }
    return answer;
  };
}
