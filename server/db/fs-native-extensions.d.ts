// fs-native-extensions (Holepunch) ships no types; only the calls used here are declared,
// checked against node_modules/fs-native-extensions/index.js.
declare module "fs-native-extensions" {
  /**
   * Asks for a lock on the file behind `fd` without waiting: true when granted, false when
   * another open file holds it. Exclusive unless `shared`; the file must be writable for that.
   * Linux: open file description locks (F_OFD_SETLK); macOS: flock; Windows: LockFileEx.
   */
  export function tryLock(
    fd: number,
    offset?: number,
    length?: number,
    options?: { shared?: boolean },
  ): boolean;
  export function unlock(fd: number, offset?: number, length?: number): void;
}
