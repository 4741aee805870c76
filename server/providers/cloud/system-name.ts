// One system named several ways: the shop's "Ubuntu 24.04", its id "ubuntu-24-04", OVH's image
// names. Compared without case, spaces or punctuation, so each side keeps its own spelling.

/** The letters and digits of a system's name, lower case: "Ubuntu 24.04" and "ubuntu-24-04" give "ubuntu2404". */
export function systemKey(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

export function sameSystem(a: string, b: string): boolean {
  const key = systemKey(a);
  return key !== '' && key === systemKey(b);
}
