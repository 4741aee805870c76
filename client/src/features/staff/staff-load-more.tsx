/** "Charger plus" under a staff list: the next page after the cursor, busy while it loads. */
export function StaffLoadMore({
  loading,
  onClick,
  label,
  loadingLabel,
}: {
  loading: boolean;
  onClick: () => void | Promise<void>;
  label: string;
  loadingLabel: string;
}) {
  return (
    <div className="staff-more">
      <button
        type="button"
        className="button button--secondary"
        disabled={loading}
        aria-busy={loading || undefined}
        onClick={() => void onClick()}
      >
        {loading ? loadingLabel : label}
      </button>
    </div>
  );
}
