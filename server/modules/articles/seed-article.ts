/** An article the server writes itself (published, of type intro, without a cover). */
export type SeedArticle = { uid: string; title: string; summary: string; content: string };
