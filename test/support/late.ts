/**
 * A value a file's `beforeAll` makes, handed out before it exists: `proxy` stands for it from
 * the start and reads through to it once `set`, so a file keeps one `const` instead of a
 * `let` that every hook assigns. Read it inside tests and hooks, never at the file's top level.
 */
export function late<T extends object>(what: string) {
  let current: T | undefined;
  const value = () => {
    if (current === undefined) throw new Error(`${what} is not there yet: read it inside a test or hook`);
    return current;
  };
  const proxy = new Proxy({} as T, {
    get(_, key) {
      const v = Reflect.get(value(), key);
      // Methods run on the value itself (private fields, `this` checks), not on the proxy.
      return typeof v === "function" ? v.bind(current) : v;
    },
    set(_, key, v) {
      return Reflect.set(value(), key, v);
    },
    has(_, key) {
      return Reflect.has(value(), key);
    },
  });
  return {
    proxy,
    /** The value, or undefined before it is made (for an `afterAll` that must not throw). */
    get current() {
      return current;
    },
    set(v: T) {
      current = v;
    },
  };
}
