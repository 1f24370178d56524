-- Run once by the postgres image on an empty data directory: the Dagster instance's database.
-- The StrataKB store's database (strata) is POSTGRES_DB in docker-compose.yaml.
CREATE DATABASE dagster OWNER strata;
