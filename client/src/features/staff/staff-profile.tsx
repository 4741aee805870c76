export function StaffProfile() {
  return null;
}
