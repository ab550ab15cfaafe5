-- Tables, their seats and the record entries that replay them.
CREATE TABLE tables (
    id TEXT PRIMARY KEY NOT NULL,
    game TEXT NOT NULL,
    players INTEGER NOT NULL,
    -- Every option by id, as the JSON object of a record's `options`.
    options TEXT NOT NULL,
    -- The secret seed, a u64 stored bit for bit as a signed integer.
    seed INTEGER NOT NULL,
    -- waiting, playing or finished.
    status TEXT NOT NULL,
    resigned INTEGER,
    created_at INTEGER NOT NULL
);

CREATE TABLE seats (
    table_id TEXT NOT NULL REFERENCES tables (id),
    seat INTEGER NOT NULL,
    -- human or bot.
    kind TEXT NOT NULL,
    -- The person's name, or the bot's spec.
    name TEXT NOT NULL,
    -- SHA-256 of a person's token; the token itself is never stored.
    token_hash BLOB,
    joined INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (table_id, seat)
);

CREATE TABLE entries (
    table_id TEXT NOT NULL REFERENCES tables (id),
    idx INTEGER NOT NULL,
    entry TEXT NOT NULL,
    PRIMARY KEY (table_id, idx)
);

CREATE INDEX tables_by_status ON tables (status);
