/** What every outbound affiliate link carries, for the links the site renders and the build checks that read them. */

/** The rel of an outbound affiliate link: paid links are marked sponsored, as search engines ask. */
export const OUTBOUND_REL = 'sponsored nofollow noopener';
