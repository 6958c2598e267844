/*
 * FTS5 auxiliary functions for the search: search_hits(search_fts) gives the number of places the
 * MATCH phrase occurs in the current row (FTS5's xInstCount), search_first(search_fts) the token
 * offset of the first of them (NULL when none), search_span (below) where the row's snippets end.
 * The search counts hits per reel with the first and finds which lines of a reel its snippets
 * need with the others; FTS5's own functions (bm25, highlight, snippet) give none of these. build.ts compiles this
 * file against the SQLite headers better-sqlite3 ships, and connect.ts loads it.
 */
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT1

static void searchHits(const Fts5ExtensionApi *api, Fts5Context *fts, sqlite3_context *ctx, int argc,
                       sqlite3_value **argv) {
  (void)argc;
  (void)argv;
  int n = 0;
  int rc = api->xInstCount(fts, &n);
  if (rc != SQLITE_OK) sqlite3_result_error_code(ctx, rc);
  else sqlite3_result_int(ctx, n);
}

static void searchFirst(const Fts5ExtensionApi *api, Fts5Context *fts, sqlite3_context *ctx, int argc,
                        sqlite3_value **argv) {
  (void)argc;
  (void)argv;
  int n = 0;
  int rc = api->xInstCount(fts, &n);
  if (rc == SQLITE_OK && n > 0) {
    int phrase = 0, column = 0, offset = 0;
    rc = api->xInst(fts, 0, &phrase, &column, &offset);
    if (rc == SQLITE_OK) sqlite3_result_int(ctx, offset);
  }
  if (rc != SQLITE_OK) sqlite3_result_error_code(ctx, rc);
}

/*
 * search_span(search_fts, phrase_chars, context, windows): where the text the first `windows`
 * snippet windows of the row need ends, in tokens (searchable chars) from the column's start. A
 * window starts at a hit with `context` chars either side and takes in every hit starting inside
 * it, growing to hold it whole (contract/search-snippets.ts cuts snippets the same way).
 */
static void searchSpan(const Fts5ExtensionApi *api, Fts5Context *fts, sqlite3_context *ctx, int argc,
                       sqlite3_value **argv) {
  if (argc != 3) {
    sqlite3_result_error(ctx, "search_span: expects phrase_chars, context and windows", -1);
    return;
  }
  sqlite3_int64 length = sqlite3_value_int64(argv[0]);
  sqlite3_int64 context = sqlite3_value_int64(argv[1]);
  sqlite3_int64 windows = sqlite3_value_int64(argv[2]);
  int n = 0;
  int rc = api->xInstCount(fts, &n);
  sqlite3_int64 to = -1;
  sqlite3_int64 opened = 0;
  for (int i = 0; rc == SQLITE_OK && i < n; i++) {
    int phrase = 0, column = 0, offset = 0;
    rc = api->xInst(fts, i, &phrase, &column, &offset);
    if (rc != SQLITE_OK) break;
    if (to >= 0 && offset < to) {
      if (offset + length > to) to = offset + length;
      continue;
    }
    if (opened == windows) break;
    opened++;
    to = offset + length + context;
  }
  if (rc != SQLITE_OK) sqlite3_result_error_code(ctx, rc);
  else if (to < 0) sqlite3_result_null(ctx);
  else sqlite3_result_int64(ctx, to);
}

/* The connection's FTS5 API, handed out through a pointer-passing query (see the FTS5 docs). */
static fts5_api *fts5ApiOf(sqlite3 *db) {
  fts5_api *api = 0;
  sqlite3_stmt *stmt = 0;
  if (sqlite3_prepare_v2(db, "SELECT fts5(?1)", -1, &stmt, 0) == SQLITE_OK) {
    sqlite3_bind_pointer(stmt, 1, (void *)&api, "fts5_api_ptr", 0);
    sqlite3_step(stmt);
  }
  sqlite3_finalize(stmt);
  return api;
}

#ifdef _WIN32
__declspec(dllexport)
#endif
int sqlite3_extension_init(sqlite3 *db, char **error, const sqlite3_api_routines *routines) {
  SQLITE_EXTENSION_INIT2(routines);
  fts5_api *fts5 = fts5ApiOf(db);
  if (fts5 == 0) {
    *error = sqlite3_mprintf("search_hits: this SQLite has no FTS5");
    return SQLITE_ERROR;
  }
  int rc = fts5->xCreateFunction(fts5, "search_hits", 0, searchHits, 0);
  if (rc == SQLITE_OK) rc = fts5->xCreateFunction(fts5, "search_first", 0, searchFirst, 0);
  if (rc == SQLITE_OK) rc = fts5->xCreateFunction(fts5, "search_span", 0, searchSpan, 0);
  return rc;
}
