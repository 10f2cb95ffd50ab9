/** The shortest password an account may have (better-auth's setting, the Users screen's check). */
export const MIN_PASSWORD_LENGTH = 12;
