"""Schema steps for each database, applied in order and recorded in `schema_version`.

Version N's SQL turns a version N-1 database into version N. Append only; never edit a
released step (databases in the field were migrated with it). Statements are separated by
`;` at the end of a line. Each store applies its list inside its write lock (SQLite:
`BEGIN IMMEDIATE`; PostgreSQL: `pg_advisory_lock`), so N workers starting together on an
old or empty database migrate it exactly once.
"""
from __future__ import annotations

SQLITE_MIGRATIONS: list[tuple[int, str]] = [
    (1, """
        CREATE TABLE IF NOT EXISTS user_settings (
            platform TEXT NOT NULL,
            user_id  TEXT NOT NULL,
            tz       TEXT,
            lang     TEXT,
            PRIMARY KEY (platform, user_id)
        )"""),
    (2, """
        ALTER TABLE user_settings ADD COLUMN home_name TEXT;
        ALTER TABLE user_settings ADD COLUMN home_lon REAL;
        ALTER TABLE user_settings ADD COLUMN home_lat REAL;
        ALTER TABLE user_settings ADD COLUMN updated_at REAL;
        """),
    (3, """
        CREATE TABLE rate_windows (
            key        TEXT PRIMARY KEY,
            hits       TEXT NOT NULL,
            updated_at REAL NOT NULL
        );
        CREATE TABLE seen_updates (
            platform  TEXT NOT NULL,
            update_id INTEGER NOT NULL,
            seen_at   REAL NOT NULL,
            PRIMARY KEY (platform, update_id)
        );
        CREATE INDEX seen_updates_seen_at ON seen_updates (seen_at);
        CREATE TABLE chat_contexts (
            platform   TEXT NOT NULL,
            chat_id    TEXT NOT NULL,
            data       TEXT NOT NULL,
            expires_at REAL NOT NULL,
            PRIMARY KEY (platform, chat_id)
        );
        CREATE TABLE paced_slots (
            name    TEXT PRIMARY KEY,
            next_at REAL NOT NULL
        );
        CREATE TABLE subscriptions (
            id            INTEGER PRIMARY KEY AUTOINCREMENT,
            platform      TEXT NOT NULL,
            user_id       TEXT NOT NULL,
            chat_id       TEXT NOT NULL,
            kind          TEXT NOT NULL,
            place_name    TEXT,
            lon           REAL NOT NULL,
            lat           REAL NOT NULL,
            hhmm          TEXT,
            extreme       TEXT,
            lead_minutes  INTEGER,
            tz            TEXT NOT NULL,
            lang          TEXT NOT NULL,
            next_fire_at  REAL NOT NULL,
            active        INTEGER NOT NULL DEFAULT 1,
            created_at    REAL NOT NULL,
            last_fired_at REAL,
            lease_until   REAL
        );
        CREATE INDEX subscriptions_due ON subscriptions (active, next_fire_at);
        CREATE INDEX subscriptions_user ON subscriptions (platform, user_id);
        """),    (4, """
        CREATE TABLE inbox (
            platform    TEXT NOT NULL,
            update_id   TEXT NOT NULL,
            payload     TEXT NOT NULL,
            state       TEXT NOT NULL,
            owner       TEXT,
            attempts    INTEGER NOT NULL DEFAULT 0,
            lease_until REAL NOT NULL,
            created_at  REAL NOT NULL,
            done_at     REAL,
            PRIMARY KEY (platform, update_id)
        );
        CREATE INDEX inbox_open ON inbox (state, lease_until);
        CREATE TABLE store_health (
            probe      TEXT PRIMARY KEY,
            checked_at REAL NOT NULL
        );
        """),
    # Who holds a subscription's lease (renewed while it lives), and the state of the firing
    # due at firing_due: 'sending' before the message goes out, 'sent' once it went.
    (5, """
        ALTER TABLE subscriptions ADD COLUMN lease_owner TEXT;
        ALTER TABLE subscriptions ADD COLUMN firing_state TEXT;
        ALTER TABLE subscriptions ADD COLUMN firing_due REAL;
        """),
    # Heights as the user reads them (/datum, /units), and copies of outside data kept for every
    # process (CWA's tide forecast) with who refreshes them when.
    (6, """
        ALTER TABLE user_settings ADD COLUMN datum TEXT;
        ALTER TABLE user_settings ADD COLUMN units TEXT;
        CREATE TABLE kept_copies (
            name     TEXT NOT NULL,
            part     TEXT NOT NULL,
            payload  BLOB NOT NULL,
            PRIMARY KEY (name, part)
        );
        CREATE TABLE copy_refresh (
            name      TEXT PRIMARY KEY,
            stamp     REAL,
            next_at   REAL NOT NULL,
            claimed_until REAL
        );
        """),
    # Smart alerts: a low (high) below/above a height (cm above MSL or chart datum), optionally in
    # daylight only.
    (7, """
        ALTER TABLE subscriptions ADD COLUMN direction TEXT;
        ALTER TABLE subscriptions ADD COLUMN threshold_cm REAL;
        ALTER TABLE subscriptions ADD COLUMN threshold_datum TEXT;
        ALTER TABLE subscriptions ADD COLUMN daylight INTEGER NOT NULL DEFAULT 0;
        """),
]

# PostgreSQL started with the schema SQLite reached at version 3, so its history is shorter.
POSTGRES_MIGRATIONS: list[tuple[int, str]] = [
    (1, """
        CREATE TABLE user_settings (
            platform   TEXT NOT NULL,
            user_id    TEXT NOT NULL,
            tz         TEXT,
            lang       TEXT,
            home_name  TEXT,
            home_lon   DOUBLE PRECISION,
            home_lat   DOUBLE PRECISION,
            updated_at DOUBLE PRECISION,
            PRIMARY KEY (platform, user_id)
        );
        CREATE TABLE rate_windows (
            key        TEXT PRIMARY KEY,
            hits       DOUBLE PRECISION[] NOT NULL,
            ok         BOOLEAN NOT NULL DEFAULT TRUE,
            updated_at DOUBLE PRECISION NOT NULL
        );
        CREATE TABLE seen_updates (
            platform  TEXT NOT NULL,
            update_id BIGINT NOT NULL,
            seen_at   DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (platform, update_id)
        );
        CREATE INDEX seen_updates_seen_at ON seen_updates (seen_at);
        CREATE TABLE chat_contexts (
            platform   TEXT NOT NULL,
            chat_id    TEXT NOT NULL,
            data       JSONB NOT NULL,
            expires_at DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (platform, chat_id)
        );
        CREATE TABLE paced_slots (
            name        TEXT PRIMARY KEY,
            next_at     DOUBLE PRECISION NOT NULL,
            reserved_at DOUBLE PRECISION NOT NULL
        );
        CREATE TABLE subscriptions (
            id            BIGSERIAL PRIMARY KEY,
            platform      TEXT NOT NULL,
            user_id       TEXT NOT NULL,
            chat_id       TEXT NOT NULL,
            kind          TEXT NOT NULL,
            place_name    TEXT,
            lon           DOUBLE PRECISION NOT NULL,
            lat           DOUBLE PRECISION NOT NULL,
            hhmm          TEXT,
            extreme       TEXT,
            lead_minutes  INTEGER,
            tz            TEXT NOT NULL,
            lang          TEXT NOT NULL,
            next_fire_at  DOUBLE PRECISION NOT NULL,
            active        BOOLEAN NOT NULL DEFAULT TRUE,
            created_at    DOUBLE PRECISION NOT NULL,
            last_fired_at DOUBLE PRECISION,
            lease_until   DOUBLE PRECISION
        );
        CREATE INDEX subscriptions_due ON subscriptions (next_fire_at) WHERE active;
        CREATE INDEX subscriptions_user ON subscriptions (platform, user_id);
        """),    (2, """
        CREATE TABLE inbox (
            platform    TEXT NOT NULL,
            update_id   TEXT NOT NULL,
            payload     TEXT NOT NULL,
            state       TEXT NOT NULL CHECK (state IN ('new', 'working', 'done')),
            owner       TEXT,
            attempts    INTEGER NOT NULL DEFAULT 0,
            lease_until DOUBLE PRECISION NOT NULL,
            created_at  DOUBLE PRECISION NOT NULL,
            done_at     DOUBLE PRECISION,
            PRIMARY KEY (platform, update_id)
        );
        CREATE INDEX inbox_open ON inbox (lease_until) WHERE state <> 'done';
        CREATE TABLE store_health (
            probe      TEXT PRIMARY KEY,
            checked_at DOUBLE PRECISION NOT NULL
        );
        """),
    (3, """
        ALTER TABLE subscriptions ADD COLUMN lease_owner TEXT;
        ALTER TABLE subscriptions ADD COLUMN firing_state TEXT CHECK (firing_state IN ('sending', 'sent'));
        ALTER TABLE subscriptions ADD COLUMN firing_due DOUBLE PRECISION;
        """),
    (4, """
        ALTER TABLE user_settings ADD COLUMN datum TEXT;
        ALTER TABLE user_settings ADD COLUMN units TEXT;
        CREATE TABLE kept_copies (
            name     TEXT NOT NULL,
            part     TEXT NOT NULL,
            payload  BYTEA NOT NULL,
            PRIMARY KEY (name, part)
        );
        CREATE TABLE copy_refresh (
            name      TEXT PRIMARY KEY,
            stamp     DOUBLE PRECISION,
            next_at   DOUBLE PRECISION NOT NULL,
            claimed_until DOUBLE PRECISION
        );
        """),
    (5, """
        ALTER TABLE subscriptions ADD COLUMN direction TEXT CHECK (direction IN ('below', 'above'));
        ALTER TABLE subscriptions ADD COLUMN threshold_cm DOUBLE PRECISION;
        ALTER TABLE subscriptions ADD COLUMN threshold_datum TEXT CHECK (threshold_datum IN ('msl', 'chart'));
        ALTER TABLE subscriptions ADD COLUMN daylight BOOLEAN NOT NULL DEFAULT FALSE;
        """),
]


def statements(sql: str) -> list[str]:
    """Return the non-empty statements of one migration step."""
    return [s.strip() for s in sql.split(";") if s.strip()]
