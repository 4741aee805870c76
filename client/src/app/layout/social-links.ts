// The shop's social accounts (footer). Replace with the real profile addresses before launch.
export const SOCIAL_LINKS = [
  { id: 'twitter', href: 'https://twitter.com/' },
  { id: 'instagram', href: 'https://www.instagram.com/' },
  { id: 'discord', href: 'https://discord.com/' },
] as const;
