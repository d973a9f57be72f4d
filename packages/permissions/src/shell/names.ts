/** Shell variable names: the characters bash allows in `NAME=`, `$NAME`, `for NAME in`. */

/** A letter or `_`: what a name may start with. */
export function isNameStart(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || code === 0x5f;
}

/** A letter, digit or `_`. */
export function isNameChar(code: number): boolean {
  return isNameStart(code) || (code >= 0x30 && code <= 0x39);
}

/** Whether `value` is a whole shell variable name. */
export function isShellName(value: string): boolean {
  if (value.length === 0 || !isNameStart(value.charCodeAt(0))) return false;
  for (let index = 1; index < value.length; index++) {
    if (!isNameChar(value.charCodeAt(index))) return false;
  }
  return true;
}
