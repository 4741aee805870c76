/** The account's picture: the Discord one when there is one, else the name's initial on a tinted disc. */
export function ProfileAvatar({ name, url, size = 72 }: { name: string; url: string | null; size?: number }) {
  const initial = (name.trim().charAt(0) || '?').toLocaleUpperCase();
  if (url) {
    return <img className="profile-avatar" src={url} alt="" width={size} height={size} referrerPolicy="no-referrer" />;
  }
  return (
    <span className="profile-avatar profile-avatar--initial" style={{ width: size, height: size }} aria-hidden="true">
      {initial}
    </span>
  );
}
