-- The SQLite schema (../0001_tables.sql) in PostgreSQL's types: BIGINT so every integer column
-- reads back as an i64, BYTEA for hashes, BOOLEAN for flags.
CREATE TABLE tables (
    id TEXT PRIMARY KEY NOT NULL,
    game TEXT NOT NULL,
    players BIGINT NOT NULL,
    -- Every option by id, as the JSON object of a record's `options`.
    options TEXT NOT NULL,
    -- The secret seed, a u64 stored bit for bit as a signed integer.
    seed BIGINT NOT NULL,
    -- waiting, playing or finished.
    status TEXT NOT NULL,
    resigned BIGINT,
    created_at BIGINT NOT NULL
);

CREATE TABLE seats (
    table_id TEXT NOT NULL REFERENCES tables (id),
    seat BIGINT NOT NULL,
    -- human or bot.
    kind TEXT NOT NULL,
    -- The person's name, or the bot's spec.
    name TEXT NOT NULL,
    -- SHA-256 of a person's token; the token itself is never stored.
    token_hash BYTEA,
    joined BOOLEAN NOT NULL DEFAULT FALSE,
    PRIMARY KEY (table_id, seat)
);

CREATE TABLE entries (
    table_id TEXT NOT NULL REFERENCES tables (id),
    idx BIGINT NOT NULL,
    entry TEXT NOT NULL,
    PRIMARY KEY (table_id, idx)
);

CREATE INDEX tables_by_status ON tables (status);

-- Which server process serves a table, until when. The owner renews `expires` while it serves
-- the table; once it has passed, any process may take the table over. Times are the database's
-- clock, so the processes' clocks need not agree.
CREATE TABLE leases (
    table_id TEXT PRIMARY KEY NOT NULL REFERENCES tables (id),
    owner TEXT NOT NULL,
    expires TIMESTAMPTZ NOT NULL
);

CREATE INDEX leases_by_owner ON leases (owner);
