/**
 * A lazily loaded module, loaded once: Monaco, xterm and the other views load when first opened
 * (the entry bundle stays small), and a promise made again would mount the component again and
 * lose its state.
 */
export function lazy<T>(load: () => Promise<T>): (wanted: boolean) => Promise<T> | undefined {
  let promise: Promise<T> | undefined;
  return (wanted: boolean) => (wanted ? (promise ??= load()) : promise);
}
