-- PostgreSQL dialect of schema/0016_reserved.sql: the same placeholder; nothing differs.
SELECT 1;
