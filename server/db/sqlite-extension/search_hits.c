/*
 * The search's SQLite functions: search_windows(search_fts_…, …), an FTS5 auxiliary function, gives
 * the number of places the MATCH phrase occurs in the current row (its position list) and where
 * the row's first snippet windows are; the aggregate search_pack(…) hands many rows over as one
 * blob. The search counts hits per reel and finds which lines of a reel its snippets need with
 * them; FTS5's own functions (bm25, highlight, snippet) give neither. build.ts compiles this file
 * against the SQLite headers better-sqlite3 ships, and connect.ts loads it.
 */
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT1

/*
 * search_windows(search_fts_…, phrase_chars, context, windows), for a query of one phrase: the
 * row's hit count and where its first `windows` snippet windows are, as a blob of 1 + 2 * windows
 * little-endian int32: the count, then each window's first hit and the end of the context after
 * its last hit, in tokens (searchable chars) from the column's start (-1 for a window the row
 * does not have). A window starts at a hit with `context` chars either side and takes in every
 * hit starting inside it, growing to hold it whole (contract/search-snippets.ts cuts snippets the
 * same way, counting punctuation and line breaks as chars too: its windows are narrower and lie
 * within these).
 */
#define MAX_WINDOWS 8

static void putInt32(unsigned char *at, sqlite3_int64 value) {
  unsigned int u = (unsigned int)(int)value;
  at[0] = (unsigned char)u;
  at[1] = (unsigned char)(u >> 8);
  at[2] = (unsigned char)(u >> 16);
  at[3] = (unsigned char)(u >> 24);
}

/*
 * A row's places in order, counted, and its first windows: a window's hits are those starting
 * before `ends`; it reaches `reaches`, the context after its last hit, where a narrower window (of
 * fewer chars of context) opened at that hit would end.
 */
typedef struct Windows {
  sqlite3_int64 length, context, windows;
  int hits, opened;
  sqlite3_int64 starts[MAX_WINDOWS], ends[MAX_WINDOWS], reaches[MAX_WINDOWS];
} Windows;

static void place(Windows *w, sqlite3_int64 offset) {
  w->hits++;
  int last = w->opened - 1;
  if (last >= 0 && offset < w->ends[last]) {
    if (offset + w->length > w->ends[last]) w->ends[last] = offset + w->length;
    w->reaches[last] = offset + w->length + w->context;
  } else if (w->opened < w->windows) {
    w->starts[w->opened] = offset;
    w->ends[w->opened] = offset + w->length + w->context;
    w->reaches[w->opened] = w->ends[w->opened];
    w->opened++;
  }
}

static void searchWindows(const Fts5ExtensionApi *api, Fts5Context *fts, sqlite3_context *ctx, int argc,
                          sqlite3_value **argv) {
  if (argc != 3) {
    sqlite3_result_error(ctx, "search_windows: expects phrase_chars, context and windows", -1);
    return;
  }
  sqlite3_int64 length = sqlite3_value_int64(argv[0]);
  sqlite3_int64 context = sqlite3_value_int64(argv[1]);
  sqlite3_int64 windows = sqlite3_value_int64(argv[2]);
  if (windows < 1 || windows > MAX_WINDOWS) {
    sqlite3_result_error(ctx, "search_windows: windows must be from 1 to 8", -1);
    return;
  }
  if (api->xPhraseCount(fts) != 1) {
    sqlite3_result_error(ctx, "search_windows: the query must be one phrase", -1);
    return;
  }
  // The phrase's places read straight from its position list, without FTS5's instance array.
  Windows found = {length, context, windows, 0, 0, {0}, {0}, {0}};
  Fts5PhraseIter iter;
  int column = 0, offset = 0;
  int rc = api->xPhraseFirst(fts, 0, &iter, &column, &offset);
  if (rc != SQLITE_OK) {
    sqlite3_result_error_code(ctx, rc);
    return;
  }
  for (; column >= 0; api->xPhraseNext(fts, &iter, &column, &offset)) place(&found, offset);
  unsigned char blob[4 * (1 + 2 * MAX_WINDOWS)];
  putInt32(blob, found.hits);
  for (int w = 0; w < windows; w++) {
    putInt32(blob + 4 + 8 * w, w < found.opened ? found.starts[w] : -1);
    putInt32(blob + 8 + 8 * w, w < found.opened ? found.reaches[w] : -1);
  }
  sqlite3_result_blob(ctx, blob, (int)(4 * (1 + 2 * windows)), SQLITE_TRANSIENT);
}

/*
 * search_pack(value, ...): an aggregate of the rows' values into one blob, each whole number as a
 * little-endian int32 and each blob as it is, row after row. A search reads thousands of rows;
 * handing them over as one blob spares making a row object for each.
 */
typedef struct Packed {
  unsigned char *bytes;
  sqlite3_int64 used;
  sqlite3_int64 size;
  int failed;
} Packed;

static int packReserve(Packed *packed, sqlite3_int64 more) {
  if (packed->used + more <= packed->size) return 1;
  sqlite3_int64 size = packed->size > 0 ? packed->size * 2 : 4096;
  while (size < packed->used + more) size *= 2;
  unsigned char *bytes = sqlite3_realloc64(packed->bytes, (sqlite3_uint64)size);
  if (bytes == 0) return 0;
  packed->bytes = bytes;
  packed->size = size;
  return 1;
}

static void packFail(sqlite3_context *ctx, Packed *packed, const char *message) {
  packed->failed = 1;
  if (message) sqlite3_result_error(ctx, message, -1);
  else sqlite3_result_error_nomem(ctx);
}

static void searchPackStep(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  Packed *packed = sqlite3_aggregate_context(ctx, sizeof(Packed));
  if (packed == 0) {
    sqlite3_result_error_nomem(ctx);
    return;
  }
  for (int i = 0; i < argc && !packed->failed; i++) {
    int type = sqlite3_value_type(argv[i]);
    // A whole number may come as a float (a bound JavaScript number past 32 bits, say).
    if (type == SQLITE_FLOAT && sqlite3_value_double(argv[i]) == (double)sqlite3_value_int64(argv[i]))
      type = SQLITE_INTEGER;
    if (type == SQLITE_INTEGER) {
      sqlite3_int64 value = sqlite3_value_int64(argv[i]);
      if (value < -2147483648LL || value > 2147483647LL)
        packFail(ctx, packed, "search_pack: an integer does not fit in 32 bits");
      else if (!packReserve(packed, 4)) packFail(ctx, packed, 0);
      else {
        putInt32(packed->bytes + packed->used, value);
        packed->used += 4;
      }
    } else if (type == SQLITE_BLOB) {
      int bytes = sqlite3_value_bytes(argv[i]);
      const unsigned char *blob = sqlite3_value_blob(argv[i]);
      if (!packReserve(packed, bytes)) packFail(ctx, packed, 0);
      else {
        for (int b = 0; b < bytes; b++) packed->bytes[packed->used + b] = blob[b];
        packed->used += bytes;
      }
    } else packFail(ctx, packed, "search_pack: takes integers and blobs");
  }
}

static void searchPackFinal(sqlite3_context *ctx) {
  Packed *packed = sqlite3_aggregate_context(ctx, 0);
  if (packed == 0) {
    sqlite3_result_zeroblob(ctx, 0);
    return;
  }
  if (packed->failed) {
    sqlite3_result_error(ctx, "search_pack: failed", -1);
    sqlite3_free(packed->bytes);
  } else if (packed->bytes == 0) sqlite3_result_zeroblob(ctx, 0);
  else sqlite3_result_blob64(ctx, packed->bytes, (sqlite3_uint64)packed->used, sqlite3_free);
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
  int rc = fts5->xCreateFunction(fts5, "search_windows", 0, searchWindows, 0);
  if (rc == SQLITE_OK)
    rc = sqlite3_create_function(db, "search_pack", -1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, 0, 0, searchPackStep,
                                 searchPackFinal);
  return rc;
}
