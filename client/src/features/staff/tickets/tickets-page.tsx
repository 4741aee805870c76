export function TicketsPage() {
  return null;
}
