-- pg_dump of a store written at commit 249a5f7bf58b34bb9feb25dc4f699b6d19459395
--
-- PostgreSQL database dump
--

\restrict k5wgG1yQE2bXelSMxnSZELapSym3PwjYQGku0zCIxV56AoWWri9gQAHUYwMoGf2

-- Dumped from database version 15.20 (Debian 15.20-0+deb12u1)
-- Dumped by pg_dump version 15.20 (Debian 15.20-0+deb12u1)

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

--
-- Name: vector; Type: EXTENSION; Schema: -; Owner: -
--

CREATE EXTENSION IF NOT EXISTS vector WITH SCHEMA public;


--
-- Name: EXTENSION vector; Type: COMMENT; Schema: -; Owner: -
--

COMMENT ON EXTENSION vector IS 'vector data type and ivfflat and hnsw access methods';


--
-- Name: agent_memory_id_owners(text[]); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.agent_memory_id_owners(ids text[]) RETURNS TABLE(owner text, owned_id text, owned_fingerprint text)
    LANGUAGE plpgsql STABLE
    SET search_path TO '$user', 'public'
    SET plan_cache_mode TO 'force_generic_plan'
    SET enable_seqscan TO 'off'
    AS $$
BEGIN
  RETURN QUERY SELECT m.namespace, m.id, m.fingerprint FROM unnest(ids) AS wanted(id)
    CROSS JOIN LATERAL (SELECT o.namespace, o.id, o.fingerprint FROM memories o WHERE o.id = wanted.id LIMIT 1) m;
END $$;


--
-- Name: agent_memory_keyword_log_deleted(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.agent_memory_keyword_log_deleted() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO '$user', 'public'
    AS $$
BEGIN
  INSERT INTO agent_memory_keyword_log (namespace, id) SELECT namespace, id FROM agent_memory_logged_deleted;
  RETURN NULL;
END $$;


--
-- Name: agent_memory_keyword_log_inserted(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.agent_memory_keyword_log_inserted() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO '$user', 'public'
    AS $$
BEGIN
  INSERT INTO agent_memory_keyword_log (namespace, id) SELECT namespace, id FROM agent_memory_logged_inserted;
  RETURN NULL;
END $$;


--
-- Name: agent_memory_keyword_log_truncated(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.agent_memory_keyword_log_truncated() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO '$user', 'public'
    AS $$
BEGIN
  INSERT INTO agent_memory_keyword_log (namespace, id) VALUES ('', '');
  RETURN NULL;
END $$;


--
-- Name: agent_memory_keyword_log_updated(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.agent_memory_keyword_log_updated() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO '$user', 'public'
    AS $$
BEGIN
  INSERT INTO agent_memory_keyword_log (namespace, id) VALUES (OLD.namespace, OLD.id);
  IF OLD.namespace <> NEW.namespace OR OLD.id <> NEW.id THEN
    INSERT INTO agent_memory_keyword_log (namespace, id) VALUES (NEW.namespace, NEW.id);
  END IF;
  RETURN NULL;
END $$;


--
-- Name: agent_memory_keyword_stats_deleted(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.agent_memory_keyword_stats_deleted() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO '$user', 'public'
    AS $$
BEGIN
  INSERT INTO agent_memory_keyword_lexemes (namespace, lexeme, documents)
    SELECT o.namespace, l.lexeme, -count(*) FROM agent_memory_deleted o
      CROSS JOIN LATERAL unnest(tsvector_to_array(o.search)) AS l(lexeme) GROUP BY 1, 2;
  INSERT INTO agent_memory_keyword_corpus (namespace, documents, lexemes)
    SELECT namespace, -count(*), -sum(length(search)) FROM agent_memory_deleted GROUP BY namespace;
  RETURN NULL;
END $$;


--
-- Name: agent_memory_keyword_stats_inserted(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.agent_memory_keyword_stats_inserted() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO '$user', 'public'
    AS $$
BEGIN
  INSERT INTO agent_memory_keyword_lexemes (namespace, lexeme, documents)
    SELECT n.namespace, l.lexeme, count(*) FROM agent_memory_inserted n
      CROSS JOIN LATERAL unnest(tsvector_to_array(n.search)) AS l(lexeme) GROUP BY 1, 2;
  INSERT INTO agent_memory_keyword_corpus (namespace, documents, lexemes)
    SELECT namespace, count(*), sum(length(search)) FROM agent_memory_inserted GROUP BY namespace;
  RETURN NULL;
END $$;


--
-- Name: agent_memory_keyword_stats_truncated(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.agent_memory_keyword_stats_truncated() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO '$user', 'public'
    AS $$
BEGIN
  TRUNCATE agent_memory_keyword_lexemes, agent_memory_keyword_corpus;
  RETURN NULL;
END $$;


--
-- Name: agent_memory_keyword_stats_updated(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.agent_memory_keyword_stats_updated() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO '$user', 'public'
    AS $$
BEGIN
  IF OLD.namespace = NEW.namespace THEN
    INSERT INTO agent_memory_keyword_lexemes (namespace, lexeme, documents)
      SELECT NEW.namespace, a.lexeme, 1 FROM (SELECT unnest(tsvector_to_array(NEW.search))
        EXCEPT SELECT unnest(tsvector_to_array(OLD.search))) AS a(lexeme)
      UNION ALL
      SELECT NEW.namespace, r.lexeme, -1 FROM (SELECT unnest(tsvector_to_array(OLD.search))
        EXCEPT SELECT unnest(tsvector_to_array(NEW.search))) AS r(lexeme);
    IF length(NEW.search) <> length(OLD.search) THEN
      INSERT INTO agent_memory_keyword_corpus (namespace, documents, lexemes)
        VALUES (NEW.namespace, 0, length(NEW.search) - length(OLD.search));
    END IF;
  ELSE
    INSERT INTO agent_memory_keyword_lexemes (namespace, lexeme, documents)
      SELECT NEW.namespace, l, 1 FROM unnest(tsvector_to_array(NEW.search)) AS l
      UNION ALL
      SELECT OLD.namespace, l, -1 FROM unnest(tsvector_to_array(OLD.search)) AS l;
    INSERT INTO agent_memory_keyword_corpus (namespace, documents, lexemes)
      VALUES (OLD.namespace, -1, -length(OLD.search)), (NEW.namespace, 1, length(NEW.search));
  END IF;
  RETURN NULL;
END $$;


SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: agent_memory_access; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.agent_memory_access (
    namespace text NOT NULL,
    last_accessed_at timestamp with time zone NOT NULL,
    access_count integer NOT NULL,
    access_key uuid NOT NULL
)
WITH (fillfactor='50');


--
-- Name: agent_memory_keyword_corpus; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.agent_memory_keyword_corpus (
    namespace text NOT NULL,
    documents bigint NOT NULL,
    lexemes bigint NOT NULL
);


--
-- Name: agent_memory_keyword_lexemes; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.agent_memory_keyword_lexemes (
    namespace text NOT NULL,
    lexeme text NOT NULL,
    documents integer NOT NULL
);


--
-- Name: agent_memory_keyword_log; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.agent_memory_keyword_log (
    namespace text NOT NULL,
    id text NOT NULL,
    xid xid8 DEFAULT pg_current_xact_id() NOT NULL,
    at timestamp with time zone DEFAULT statement_timestamp() NOT NULL
);


--
-- Name: agent_memory_meta; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.agent_memory_meta (
    id integer DEFAULT 1 NOT NULL,
    model text,
    dimensions integer NOT NULL,
    recorded_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT agent_memory_meta_singleton CHECK ((id = 1))
);


--
-- Name: agent_memory_migrations; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.agent_memory_migrations (
    hash text NOT NULL,
    created_at bigint NOT NULL,
    applied_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: agent_memory_recall_samples; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.agent_memory_recall_samples (
    table_name text NOT NULL,
    namespace text NOT NULL,
    samples integer DEFAULT 0 NOT NULL,
    recall_sum double precision DEFAULT 0 NOT NULL,
    last_recall double precision,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: agent_memory_vector_indexes; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.agent_memory_vector_indexes (
    table_name text NOT NULL,
    namespace text NOT NULL,
    index_name text NOT NULL,
    rows_at_build integer NOT NULL,
    built_at timestamp with time zone DEFAULT now() NOT NULL,
    ef_search integer
);


--
-- Name: memories; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.memories (
    namespace text NOT NULL,
    id text NOT NULL,
    tier text NOT NULL,
    level text,
    content text NOT NULL,
    summary text,
    metadata jsonb DEFAULT '{}'::jsonb NOT NULL,
    tags text[] DEFAULT '{}'::text[] NOT NULL,
    importance double precision DEFAULT 0.5 NOT NULL,
    created_at timestamp with time zone NOT NULL,
    updated_at timestamp with time zone NOT NULL,
    last_accessed_at timestamp with time zone NOT NULL,
    access_count integer DEFAULT 0 NOT NULL,
    expires_at timestamp with time zone,
    superseded_by text,
    valid_from timestamp with time zone,
    valid_to timestamp with time zone,
    valid_to_stamped boolean DEFAULT false NOT NULL,
    confidence double precision,
    assessed_importance double precision,
    linked_memory_ids text[] DEFAULT '{}'::text[] NOT NULL,
    embed_state text NOT NULL,
    fingerprint text NOT NULL,
    embedding public.vector(64),
    search tsvector NOT NULL,
    repair_attempts integer DEFAULT 0 NOT NULL,
    next_attempt_at timestamp with time zone,
    leased_until timestamp with time zone,
    last_error text,
    observed_at timestamp with time zone
);
ALTER TABLE ONLY public.memories ALTER COLUMN namespace SET STORAGE MAIN;
ALTER TABLE ONLY public.memories ALTER COLUMN id SET STORAGE MAIN;
ALTER TABLE ONLY public.memories ALTER COLUMN tier SET STORAGE MAIN;
ALTER TABLE ONLY public.memories ALTER COLUMN level SET STORAGE MAIN;
ALTER TABLE ONLY public.memories ALTER COLUMN content SET STORAGE MAIN;
ALTER TABLE ONLY public.memories ALTER COLUMN summary SET STORAGE MAIN;
ALTER TABLE ONLY public.memories ALTER COLUMN metadata SET STORAGE MAIN;
ALTER TABLE ONLY public.memories ALTER COLUMN tags SET STORAGE MAIN;
ALTER TABLE ONLY public.memories ALTER COLUMN superseded_by SET STORAGE MAIN;
ALTER TABLE ONLY public.memories ALTER COLUMN linked_memory_ids SET STORAGE MAIN;
ALTER TABLE ONLY public.memories ALTER COLUMN embed_state SET STORAGE MAIN;
ALTER TABLE ONLY public.memories ALTER COLUMN fingerprint SET STORAGE MAIN;
ALTER TABLE ONLY public.memories ALTER COLUMN embedding SET STORAGE PLAIN;
ALTER TABLE ONLY public.memories ALTER COLUMN search SET STORAGE MAIN;


--
-- Name: memory_chunks; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.memory_chunks (
    namespace text NOT NULL,
    memory_id text NOT NULL,
    idx integer NOT NULL,
    text text NOT NULL,
    embedding public.vector(64) NOT NULL
);
ALTER TABLE ONLY public.memory_chunks ALTER COLUMN namespace SET STORAGE MAIN;
ALTER TABLE ONLY public.memory_chunks ALTER COLUMN memory_id SET STORAGE MAIN;
ALTER TABLE ONLY public.memory_chunks ALTER COLUMN text SET STORAGE MAIN;
ALTER TABLE ONLY public.memory_chunks ALTER COLUMN embedding SET STORAGE PLAIN;


--
-- Data for Name: agent_memory_access; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.agent_memory_access VALUES ('ada', '2026-01-02 03:04:05.678+00', 2, '8224a833-ce07-8a62-8c7e-7bc1eb8f6bd4');
INSERT INTO public.agent_memory_access VALUES ('ada', '2026-01-02 03:04:05.678+00', 1, '90700848-4fcc-f42a-9ba0-61ffd3c3cf24');


--
-- Data for Name: agent_memory_keyword_corpus; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.agent_memory_keyword_corpus VALUES ('ada', 4, 38);
INSERT INTO public.agent_memory_keyword_corpus VALUES ('ada', 1, 6);
INSERT INTO public.agent_memory_keyword_corpus VALUES ('ada', 1, 6);
INSERT INTO public.agent_memory_keyword_corpus VALUES ('ada', 1, 3);
INSERT INTO public.agent_memory_keyword_corpus VALUES ('ada', -1, -3);
INSERT INTO public.agent_memory_keyword_corpus VALUES ('bob', 2, 8);
INSERT INTO public.agent_memory_keyword_corpus VALUES ('ada', 2, 30);


--
-- Data for Name: agent_memory_keyword_lexemes; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', 'dawn', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', 'behind', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', 'tea', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', 'morn', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', '0', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', 'follow', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', '4', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', 'gull', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', 'paragraph', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', '9', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', 'log', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', 'ferri', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', '6', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', 'garden', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', 'left', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', 'keep', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', 'train', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', '3', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', 'green', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', 'seat', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', 'harbour', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', '1', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', 'everi', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', 'hous', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', '8', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', '2', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', 'veget', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', 'ada', 3);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', 'window', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', 'travel', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', '10', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', '7', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', 'drink', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', 'prefer', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', '11', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', '5', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', 'tea', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', 'morn', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', 'everi', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', 'ada', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', 'drink', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', 'oolong', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', 'ada', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', 'morn', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', 'coffe', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', 'black', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', 'drink', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', 'everi', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', 'live', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', 'ada', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', 'lisbon', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', 'ada', -1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', 'live', -1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', 'lisbon', -1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('bob', 'allerg', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('bob', 'play', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('bob', 'quartet', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('bob', 'health', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('bob', 'cello', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('bob', 'bob', 2);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('bob', 'peanut', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', 'dawn', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', '0', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', 'version', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', 'follow', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', '4', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', 'gull', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', 'paragraph', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', '9', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', 'weekend', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', 'emb', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', 'log', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', 'ferri', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', '6', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', 'later', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', 'left', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', 'learn', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', '3', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', 'portugues', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', 'pend', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', 'harbour', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', '1', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', '8', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', '2', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', 'ada', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', 'travel', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', '10', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', '7', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', 'chunk', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', '11', 1);
INSERT INTO public.agent_memory_keyword_lexemes VALUES ('ada', '5', 1);


--
-- Data for Name: agent_memory_keyword_log; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.agent_memory_keyword_log VALUES ('ada', '01a24d1e-6c90-71fd-b90c-4ea70f6308f1', '15960', '2026-12-06 20:49:29.245051+00');
INSERT INTO public.agent_memory_keyword_log VALUES ('ada', '01a24d1e-6c90-71fe-86c0-e3d598c315bc', '15960', '2026-12-06 20:49:29.245051+00');
INSERT INTO public.agent_memory_keyword_log VALUES ('ada', '01a24d1e-6c90-71ff-95a8-f936edb6f4be', '15960', '2026-12-06 20:49:29.245051+00');
INSERT INTO public.agent_memory_keyword_log VALUES ('ada', '01a24d1e-6c90-7200-8003-f1e170d31e20', '15960', '2026-12-06 20:49:29.245051+00');
INSERT INTO public.agent_memory_keyword_log VALUES ('ada', '01a24d1e-6ca4-77d5-bd7e-73e20fe59647', '15962', '2026-12-06 20:49:29.254864+00');
INSERT INTO public.agent_memory_keyword_log VALUES ('ada', '01a24d1e-6cbc-7497-9f2a-b6fc6628f78d', '15964', '2026-12-06 20:49:29.279576+00');
INSERT INTO public.agent_memory_keyword_log VALUES ('ada', '01a24d1e-6cc6-7298-a00b-0158d568e8bf', '15966', '2026-12-06 20:49:29.288957+00');
INSERT INTO public.agent_memory_keyword_log VALUES ('ada', '01a24d1e-6cc6-7298-a00b-0158d568e8bf', '15967', '2026-12-06 20:49:29.296758+00');
INSERT INTO public.agent_memory_keyword_log VALUES ('bob', '01a24d1e-6cd6-749c-9b4c-8b4161aab177', '15968', '2026-12-06 20:49:29.306342+00');
INSERT INTO public.agent_memory_keyword_log VALUES ('bob', '01a24d1e-6cd6-749d-955d-dd7b540a6859', '15968', '2026-12-06 20:49:29.306342+00');
INSERT INTO public.agent_memory_keyword_log VALUES ('ada', '01a24d1e-6cdb-76ff-af2e-cb038c3f5965', '15969', '2026-12-06 20:49:29.311339+00');
INSERT INTO public.agent_memory_keyword_log VALUES ('ada', '01a24d1e-6cdb-7700-8db8-82eb030071db', '15969', '2026-12-06 20:49:29.311339+00');


--
-- Data for Name: agent_memory_meta; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.agent_memory_meta VALUES (1, NULL, 64, '2026-12-06 20:49:29.229946+00');


--
-- Data for Name: agent_memory_migrations; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.agent_memory_migrations VALUES ('c9a6c92c879056ba0377669face804c2e16b9267bf4b4acd27d13044231a1903', 1796049319847, '2026-12-06 20:49:29.065474+00');
INSERT INTO public.agent_memory_migrations VALUES ('0ff08e5cc71129b3a8fcd9315662a0e5687b1d254c0fc0745dae5126fb6a11d5', 1796052919847, '2026-12-06 20:49:29.129774+00');
INSERT INTO public.agent_memory_migrations VALUES ('b3cf9a7781b5a1eac2e22490b9ff645a726ef05b8fa6e3f3f8e20bc964ccb53b', 1796096857102, '2026-12-06 20:49:29.140167+00');
INSERT INTO public.agent_memory_migrations VALUES ('e78fd323fb768025838d930affbc7540358452f7c1ab1bb41d7dbcaabfddcf43', 1796123105353, '2026-12-06 20:49:29.147654+00');
INSERT INTO public.agent_memory_migrations VALUES ('01937fe8b1ef6d28ca17de941863181377cfda92854cf6a4c9d9e1a0d0c24ac9', 1796136221112, '2026-12-06 20:49:29.171173+00');
INSERT INTO public.agent_memory_migrations VALUES ('338cfb95b3548f07eafa19934546df34ca7a13e355bb2a8dd604eec1ac87f3de', 1796150000000, '2026-12-06 20:49:29.172336+00');
INSERT INTO public.agent_memory_migrations VALUES ('b0fa64dccac8878b9873456cc11f8c91912137831e2276c3ecb4e8617d0b148d', 1796160000000, '2026-12-06 20:49:29.174193+00');
INSERT INTO public.agent_memory_migrations VALUES ('9345b7c4a658a1b3e3bb8b9908bf43a6c84725d4978a52622fbd9ee3907f698a', 1796170000000, '2026-12-06 20:49:29.175393+00');
INSERT INTO public.agent_memory_migrations VALUES ('f9eb43903162e59dec6ed1217579a5b13636ad487a3493131e4e267e7d7fcc0b', 1796180000000, '2026-12-06 20:49:29.176753+00');
INSERT INTO public.agent_memory_migrations VALUES ('ff9a843b4ac1b34cf4bf58c7ded4b9f378673bdeaf869913a939ae5221cf9a61', 1796190000000, '2026-12-06 20:49:29.18121+00');
INSERT INTO public.agent_memory_migrations VALUES ('7a436cc109ae5e89754102fcdd05e2a8f2e9d17298dc6371a92321c44530ae63', 1796200000000, '2026-12-06 20:49:29.183971+00');
INSERT INTO public.agent_memory_migrations VALUES ('b4013c4185d6f23b118852549e0a859f046c989712b8e4c2e0b69510434a8e18', 1796210000000, '2026-12-06 20:49:29.187861+00');
INSERT INTO public.agent_memory_migrations VALUES ('939642a6d013ff8e4e42e63497b275aa53a57513192ddc6f6e15550ca502f223', 1796220000000, '2026-12-06 20:49:29.195617+00');
INSERT INTO public.agent_memory_migrations VALUES ('f81a18bbe23ab5dd9438b9c0ba4f2824a22476c480339b94b7aba668af5fd090', 1796230000000, '2026-12-06 20:49:29.199758+00');


--
-- Data for Name: agent_memory_recall_samples; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: agent_memory_vector_indexes; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: memories; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.memories VALUES ('ada', '01a24d1e-6c90-71fe-86c0-e3d598c315bc', 'episodic', NULL, 'Ada keeps a vegetable garden behind the house', NULL, '{}', '{}', 0.5, '2026-12-06 20:49:29.239967+00', '2026-12-06 20:49:29.239967+00', '2026-12-06 20:49:29.239967+00', 0, '2027-01-05 20:49:29.232+00', NULL, NULL, NULL, false, NULL, NULL, '{}', 'ok', '122640458ca98239504eb0fb8d371e16', '[-0.1,0,0,0.1,0,0.1,0.1,0,-0.1,0,0.3,0,-0.1,0.1,-0.1,0,0.3,0,0,0,-0.2,-0.3,0.3,0,-0.1,0,0.1,-0.1,0,-0.1,0,-0.1,0,0,0.1,0,-0.1,0,0,0,0,0.1,0,-0.2,-0.1,0.4,0,-0.2,0.1,0,-0.2,0.2,0,0.1,-0.1,0,0,0,-0.1,-0.1,0.1,0.1,-0.2,0]', '''ada'':1 ''behind'':6 ''garden'':5 ''hous'':8 ''keep'':2 ''veget'':4', 0, NULL, NULL, NULL, NULL);
INSERT INTO public.memories VALUES ('ada', '01a24d1e-6c90-71ff-95a8-f936edb6f4be', 'episodic', NULL, 'Paragraph 0 of the travel log: the ferry left the harbour at dawn and the gulls followed it. Paragraph 1 of the travel log: the ferry left the harbour at dawn and the gulls followed it. Paragraph 2 of the travel log: the ferry left the harbour at dawn and the gulls followed it. Paragraph 3 of the travel log: the ferry left the harbour at dawn and the gulls followed it. Paragraph 4 of the travel log: the ferry left the harbour at dawn and the gulls followed it. Paragraph 5 of the travel log: the ferry left the harbour at dawn and the gulls followed it. Paragraph 6 of the travel log: the ferry left the harbour at dawn and the gulls followed it. Paragraph 7 of the travel log: the ferry left the harbour at dawn and the gulls followed it. Paragraph 8 of the travel log: the ferry left the harbour at dawn and the gulls followed it. Paragraph 9 of the travel log: the ferry left the harbour at dawn and the gulls followed it. Paragraph 10 of the travel log: the ferry left the harbour at dawn and the gulls followed it. Paragraph 11 of the travel log: the ferry left the harbour at dawn and the gulls followed it.', NULL, '{}', '{travel}', 0.5, '2026-12-06 20:49:29.239967+00', '2026-12-06 20:49:29.239967+00', '2026-12-06 20:49:29.239967+00', 0, '2027-01-05 20:49:29.232+00', NULL, NULL, NULL, false, NULL, NULL, '{}', 'ok', 'cb51d1f74258f323313c6534e85bc849', '[0.026427133,-2.347201e-17,0,0.18419218,-0.0792814,0.065668955,0.118523225,-0.039241824,-0.12873188,0.039241824,-0.09209609,-0.18419218,-0.026427133,0.18419218,0,0,0,0.052854266,0.026427133,-0.09209609,0.09209609,0,-0.09209609,0.026427133,-0.039241824,-0.118523225,0.27628827,-0.052854266,-0.09209609,0.18419218,0,0.27628827,-0.0792814,0,-0.18419218,0.27628827,0.09209609,0,-0.012814692,-0.09209609,0,0.12873188,-0.18419218,0,-0.118523225,0,0.052854266,-0.065668955,-0.13133791,-0.09209609,0,0.34955984,-0.052854266,0,0.09209609,0.18419218,-0.09209609,0.27628827,0,0.052854266,-0.09209609,0.31292406,0,-0.09209609]', '''0'':2 ''1'':20 ''10'':182 ''11'':200 ''2'':38 ''3'':56 ''4'':74 ''5'':92 ''6'':110 ''7'':128 ''8'':146 ''9'':164 ''dawn'':13,31,49,67,85,103,121,139,157,175,193,211 ''ferri'':8,26,44,62,80,98,116,134,152,170,188,206 ''follow'':17,35,53,71,89,107,125,143,161,179,197,215 ''gull'':16,34,52,70,88,106,124,142,160,178,196,214 ''harbour'':11,29,47,65,83,101,119,137,155,173,191,209 ''left'':9,27,45,63,81,99,117,135,153,171,189,207 ''log'':6,24,42,60,78,96,114,132,150,168,186,204 ''paragraph'':1,19,37,55,73,91,109,127,145,163,181,199 ''travel'':5,23,41,59,77,95,113,131,149,167,185,203,217', 0, NULL, NULL, NULL, NULL);
INSERT INTO public.memories VALUES ('ada', '01a24d1e-6c90-7200-8003-f1e170d31e20', 'semantic', NULL, 'Ada prefers window seats on trains', NULL, '{}', '{}', 0.9, '2026-12-06 20:49:29.239967+00', '2026-12-06 20:49:29.239967+00', '2026-12-06 20:49:29.239967+00', 0, NULL, NULL, NULL, NULL, false, 0.4, NULL, '{}', 'ok', 'b625b016441a0cab0c0ab82582c7c920', '[-0.16439898,-0.16439898,0,0,0,0,0,0,0,0,0.16439898,-0.16439898,0,0,0,0.16439898,0.16439898,0,0,0.32879797,0,0,0,-0.16439898,0,0,0,-0.32879797,0,0,0,0,0,-0.16439898,0,0,0,0,0.32879797,-0.16439898,0,0,0,-0.16439898,-0.16439898,0.32879797,0,-0.16439898,0,0,0,0.32879797,-0.16439898,0,0,0.32879797,0,0,0,0,0,0,0,0]', '''ada'':1 ''prefer'':2 ''seat'':4 ''train'':6 ''window'':3', 0, NULL, NULL, NULL, NULL);
INSERT INTO public.memories VALUES ('ada', '01a24d1e-6c90-71fd-b90c-4ea70f6308f1', 'semantic', NULL, 'Ada drinks green tea every morning', NULL, '{}', '{drinks}', 0.5, '2026-12-06 20:49:29.239967+00', '2026-12-06 20:49:29.27076+00', '2026-12-06 20:49:29.239967+00', 0, NULL, '01a24d1e-6ca4-77d5-bd7e-73e20fe59647', NULL, '2026-12-06 20:49:29.252+00', true, 0.4, NULL, '{}', 'ok', '8584b36635e291d7afbd2b63d29d6cfc', '[-0.16012815,-0.16012815,0,0,0,0,0,0,-0.16012815,-0.16012815,0,-0.3202563,0,0,0,0.16012815,-0.16012815,0,0,0,0,-0.16012815,0,0,-0.3202563,-0.3202563,0.16012815,0,0.16012815,0.3202563,0,0,0,0,0,0.16012815,0.16012815,0,0,0,0,0,0,0.16012815,-0.16012815,0.3202563,0,-0.16012815,0.16012815,0.16012815,0,0,0,0.16012815,0,0,0,0,0,0,0.16012815,-0.16012815,0,0]', '''ada'':1 ''drink'':2,7 ''everi'':5 ''green'':3 ''morn'':6 ''tea'':4', 0, NULL, NULL, NULL, NULL);
INSERT INTO public.memories VALUES ('ada', '01a24d1e-6cbc-7497-9f2a-b6fc6628f78d', 'semantic', NULL, 'Ada drinks black coffee every morning now', NULL, '{}', '{}', 0.5, '2026-12-06 20:49:29.276807+00', '2026-12-06 20:49:29.276807+00', '2026-12-06 20:49:29.276807+00', 0, NULL, NULL, '2026-12-06 20:49:29.275+00', NULL, false, 0.4, NULL, '{}', 'ok', '5c592ea95e2fabd39bb2621634861549', '[-0.12216944,0,0,0,0,-0.12216944,0,-0.12216944,-0.24433888,-0.12216944,-0.12216944,-0.24433888,0,0,0,0.36650833,-0.12216944,0.12216944,-0.12216944,0,0,0,0.12216944,0,0,0,0.12216944,0.36650833,0.12216944,0.24433888,0,0,0,0.12216944,0,0.24433888,0.24433888,0,0,0.12216944,0,0,0.24433888,0,-0.12216944,0.24433888,0,-0.12216944,-0.12216944,0,0,0,0,0.12216944,-0.12216944,0,0,-0.12216944,0,0,0.12216944,-0.12216944,0,0]', '''ada'':1 ''black'':3 ''coffe'':4 ''drink'':2 ''everi'':5 ''morn'':6', 0, NULL, NULL, NULL, NULL);
INSERT INTO public.memories VALUES ('ada', '01a24d1e-6ca4-77d5-bd7e-73e20fe59647', 'semantic', NULL, 'Ada drinks oolong tea every morning', NULL, '{}', '{}', 0.5, '2026-12-06 20:49:29.253278+00', '2026-12-06 20:49:29.28492+00', '2026-12-06 20:49:29.253278+00', 0, NULL, '01a24d1e-6cbc-7497-9f2a-b6fc6628f78d', '2026-12-06 20:49:29.252+00', '2026-12-06 20:49:29.275+00', true, 0.4, NULL, '{}', 'ok', '7a2314e3f525e9b11255bf117b8f00ca', '[-0.14929241,-0.14929241,0,-0.14929241,0,0,0,0,-0.14929241,-0.14929241,0,-0.29858482,0,0,-0.14929241,0.252774,-0.14929241,0,0,-0.14929241,0,0,0,0.14929241,-0.29858482,0,0.14929241,0,0.14929241,0.29858482,0,0,0,0,0,0.14929241,0.29858482,-0.29858482,0,0,0,0,0,0,-0.14929241,0.29858482,0,-0.14929241,0,0.14929241,0,0,0,0.14929241,0,0,0,0,0,0,0.14929241,-0.14929241,0,0]', '''ada'':1 ''drink'':2 ''everi'':5 ''morn'':6 ''oolong'':3 ''tea'':4', 0, NULL, NULL, NULL, NULL);
INSERT INTO public.memories VALUES ('bob', '01a24d1e-6cd6-749c-9b4c-8b4161aab177', 'semantic', NULL, 'Bob plays the cello in a quartet', NULL, '{}', '{}', 0.5, '2026-12-06 20:49:29.304913+00', '2026-12-06 20:49:29.304913+00', '2026-12-06 20:49:29.304913+00', 0, NULL, NULL, NULL, NULL, false, 0.4, NULL, '{}', 'ok', 'd047763d3922c7701bcab02e7f8f2864', '[0,0,0,0,0,0,0,0,-0.27216554,0,0,0,0,-0.13608277,-0.13608277,0,0.13608277,0,0,0,-0.13608277,0,0.13608277,-0.13608277,0,0.27216554,0.13608277,0,0,-0.27216554,0,0,-0.13608277,0,-0.13608277,0,-0.13608277,0,0,0,0,0.13608277,0.13608277,0,0.27216554,0,0,-0.5443311,0,0.13608277,0,0.13608277,0,0.13608277,0,0,0,-0.13608277,0,0,0.27216554,0.13608277,0.13608277,0]', '''bob'':1 ''cello'':4 ''play'':2 ''quartet'':7', 0, NULL, NULL, NULL, NULL);
INSERT INTO public.memories VALUES ('bob', '01a24d1e-6cd6-749d-955d-dd7b540a6859', 'semantic', NULL, 'Bob is allergic to peanuts', NULL, '{}', '{health}', 0.5, '2026-12-06 20:49:29.304913+00', '2026-12-06 20:49:29.304913+00', '2026-12-06 20:49:29.304913+00', 0, NULL, NULL, NULL, NULL, false, 0.4, NULL, '{}', 'ok', '1b9ce9ccece70fd70f34d6f8a8452a74', '[0,0.12909944,0,-0.12909944,0,-0.12909944,0,0,0,0,0,0,-0.12909944,0,0.12909944,0,0,0,0,0,0,0,0.12909944,0,0.2581989,0,-0.12909944,0,-0.12909944,0.2581989,-0.12909944,0,0,0,0,0,0,0,0,0,0,0,0,-0.38729835,0.38729835,0,-0.12909944,0,0.12909944,0.12909944,-0.12909944,0,-0.5163978,0,0,0,0,-0.12909944,0,0,0,0,-0.2581989,0]', '''allerg'':3 ''bob'':1 ''health'':6 ''peanut'':5', 0, NULL, NULL, NULL, NULL);
INSERT INTO public.memories VALUES ('ada', '01a24d1e-6cdb-76ff-af2e-cb038c3f5965', 'semantic', NULL, 'Ada is learning Portuguese on weekends', NULL, '{}', '{}', 0.5, '2026-12-06 20:49:29.310337+00', '2026-12-06 20:49:29.310337+00', '2026-12-06 20:49:29.310337+00', 0, NULL, NULL, NULL, NULL, false, 0.4, NULL, '{}', 'pending', '54dfbacdda5bdc80fd1c24deef4a57c4', NULL, '''ada'':1 ''learn'':3 ''portugues'':4 ''weekend'':6', 0, NULL, NULL, NULL, NULL);
INSERT INTO public.memories VALUES ('ada', '01a24d1e-6cdb-7700-8db8-82eb030071db', 'semantic', NULL, 'Paragraph 0 of the travel log: the ferry left the harbour at dawn and the gulls followed it. Paragraph 1 of the travel log: the ferry left the harbour at dawn and the gulls followed it. Paragraph 2 of the travel log: the ferry left the harbour at dawn and the gulls followed it. Paragraph 3 of the travel log: the ferry left the harbour at dawn and the gulls followed it. Paragraph 4 of the travel log: the ferry left the harbour at dawn and the gulls followed it. Paragraph 5 of the travel log: the ferry left the harbour at dawn and the gulls followed it. Paragraph 6 of the travel log: the ferry left the harbour at dawn and the gulls followed it. Paragraph 7 of the travel log: the ferry left the harbour at dawn and the gulls followed it. Paragraph 8 of the travel log: the ferry left the harbour at dawn and the gulls followed it. Paragraph 9 of the travel log: the ferry left the harbour at dawn and the gulls followed it. Paragraph 10 of the travel log: the ferry left the harbour at dawn and the gulls followed it. Paragraph 11 of the travel log: the ferry left the harbour at dawn and the gulls followed it. Pending version with chunks to embed later.', NULL, '{}', '{}', 0.5, '2026-12-06 20:49:29.310337+00', '2026-12-06 20:49:29.310337+00', '2026-12-06 20:49:29.310337+00', 0, NULL, NULL, NULL, NULL, false, 0.4, NULL, '{}', 'pending', '7cb6d66f6f05dc332d9955cebd44748c', NULL, '''0'':2 ''1'':20 ''10'':182 ''11'':200 ''2'':38 ''3'':56 ''4'':74 ''5'':92 ''6'':110 ''7'':128 ''8'':146 ''9'':164 ''chunk'':220 ''dawn'':13,31,49,67,85,103,121,139,157,175,193,211 ''emb'':222 ''ferri'':8,26,44,62,80,98,116,134,152,170,188,206 ''follow'':17,35,53,71,89,107,125,143,161,179,197,215 ''gull'':16,34,52,70,88,106,124,142,160,178,196,214 ''harbour'':11,29,47,65,83,101,119,137,155,173,191,209 ''later'':223 ''left'':9,27,45,63,81,99,117,135,153,171,189,207 ''log'':6,24,42,60,78,96,114,132,150,168,186,204 ''paragraph'':1,19,37,55,73,91,109,127,145,163,181,199 ''pend'':217 ''travel'':5,23,41,59,77,95,113,131,149,167,185,203 ''version'':218', 0, NULL, NULL, NULL, NULL);


--
-- Data for Name: memory_chunks; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.memory_chunks VALUES ('ada', '01a24d1e-6c90-71ff-95a8-f936edb6f4be', 0, 'Paragraph 0 of the travel log: the ferry left the harbour at dawn and the gulls followed it. Paragraph 1 of the travel log: the ferry left the harbour at dawn and the gulls followed it. Paragraph 2 of the travel log: the ferry left the harbour at dawn and the gulls followed it. Paragraph 3 of the travel log: the ferry left the harbour at dawn and the gulls followed it.', '[0,0,0,0.18185547,-0.07620831,0.052823577,0.090927735,-0.090927735,-0.14375131,0.090927735,-0.090927735,-0.18185547,0,0.18185547,0,0,0,0,0,-0.090927735,0.090927735,0,-0.090927735,0,-0.052823577,-0.090927735,0.2727832,0,-0.090927735,0.18185547,0,0.2727832,-0.07620831,0,-0.18185547,0.2727832,0.090927735,0,-0.052823577,-0.090927735,0,0.14375131,-0.18185547,0,-0.090927735,0,0,-0.052823577,-0.105647154,-0.090927735,0,0.37843034,0,0,0.090927735,0.18185547,-0.090927735,0.2727832,0,0.07620831,-0.090927735,0.32560676,0,-0.090927735]');
INSERT INTO public.memory_chunks VALUES ('ada', '01a24d1e-6c90-71ff-95a8-f936edb6f4be', 1, 'of the travel log: the ferry left the harbour at dawn and the gulls followed it. Paragraph 4 of the travel log: the ferry left the harbour at dawn and the gulls followed it. Paragraph 5 of the travel log: the ferry left the harbour at dawn and the gulls followed it. Paragraph 6 of the travel log: the ferry left the harbour at dawn and the gulls followed it.', '[0,0.010942322,0,0.18153095,0,0.07982316,0.090765476,-0.090765476,-0.1434948,0.07982316,-0.090765476,-0.18153095,-0.03803616,0.17058863,0,0,0,0.07607232,-0.010942322,-0.090765476,0.090765476,0,-0.07982316,0.03803616,-0.090765476,-0.07982316,0.27229643,0,-0.090765476,0.18153095,0,0.27229643,-0.03803616,0,-0.18153095,0.27229643,0.090765476,0,-0.014693155,-0.090765476,0,0.12161015,-0.18153095,0,-0.090765476,0,0.07607232,-0.090765476,-0.18153095,-0.090765476,0,0.37775508,0,0,0.090765476,0.18153095,-0.090765476,0.27229643,0,0,-0.090765476,0.30314112,0,-0.090765476]');
INSERT INTO public.memory_chunks VALUES ('ada', '01a24d1e-6c90-71ff-95a8-f936edb6f4be', 2, 'of the travel log: the ferry left the harbour at dawn and the gulls followed it. Paragraph 7 of the travel log: the ferry left the harbour at dawn and the gulls followed it. Paragraph 8 of the travel log: the ferry left the harbour at dawn and the gulls followed it. Paragraph 9 of the travel log: the ferry left the harbour at dawn and the gulls followed it.', '[0.03838742,0.011043373,0,0.18320738,0,0.08056031,0.09160369,-0.014828844,-0.14481995,0.0037854714,-0.09160369,-0.18320738,0,0.172164,0,0,0,0,-0.049430795,-0.09160369,0.09160369,0,-0.08056031,0,-0.053216264,-0.08056031,0.27481106,-0.07677484,-0.09160369,0.18320738,0,0.27481106,0,0,-0.18320738,0.27481106,0.09160369,0,-0.09160369,-0.09160369,0,0.122733206,-0.18320738,0,-0.09160369,0,0,-0.09160369,-0.18320738,-0.09160369,0,0.3812436,0,0,0.09160369,0.18320738,-0.09160369,0.27481106,0,0,-0.09160369,0.30594057,0,-0.09160369]');
INSERT INTO public.memory_chunks VALUES ('ada', '01a24d1e-6c90-71ff-95a8-f936edb6f4be', 3, 'of the travel log: the ferry left the harbour at dawn and the gulls followed it. Paragraph 10 of the travel log: the ferry left the harbour at dawn and the gulls followed it. Paragraph 11 of the travel log: the ferry left the harbour at dawn and the gulls followed it.', '[0,0.017229443,0,0.17835282,-0.042493038,0.07194697,0.13166945,-0.08917641,-0.14808427,0.07194697,-0.08917641,-0.17835282,0,0.16112338,0,0,0,0,0.06775663,-0.08917641,0.08917641,0,-0.07194697,0,-0.08917641,-0.11444001,0.26752925,0,-0.08917641,0.17835282,0,0.26752925,0,0,-0.17835282,0.26752925,0.08917641,0,-0.08917641,-0.08917641,0,0.113625385,-0.17835282,0,-0.13166945,0,0,-0.08917641,-0.17835282,-0.08917641,0,0.38534495,-0.084986076,0,0.08917641,0.17835282,-0.08917641,0.26752925,0,0,-0.08917641,0.2919782,0,-0.08917641]');


--
-- Name: agent_memory_access agent_memory_access_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.agent_memory_access
    ADD CONSTRAINT agent_memory_access_pkey PRIMARY KEY (access_key);


--
-- Name: agent_memory_meta agent_memory_meta_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.agent_memory_meta
    ADD CONSTRAINT agent_memory_meta_pkey PRIMARY KEY (id);


--
-- Name: agent_memory_migrations agent_memory_migrations_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.agent_memory_migrations
    ADD CONSTRAINT agent_memory_migrations_pkey PRIMARY KEY (hash);


--
-- Name: agent_memory_recall_samples agent_memory_recall_samples_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.agent_memory_recall_samples
    ADD CONSTRAINT agent_memory_recall_samples_pkey PRIMARY KEY (table_name, namespace);


--
-- Name: agent_memory_vector_indexes agent_memory_vector_indexes_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.agent_memory_vector_indexes
    ADD CONSTRAINT agent_memory_vector_indexes_pkey PRIMARY KEY (table_name, namespace);


--
-- Name: memories memories_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.memories
    ADD CONSTRAINT memories_pkey PRIMARY KEY (namespace, id);


--
-- Name: memory_chunks memory_chunks_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.memory_chunks
    ADD CONSTRAINT memory_chunks_pkey PRIMARY KEY (namespace, memory_id, idx);


--
-- Name: agent_memory_keyword_corpus_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX agent_memory_keyword_corpus_idx ON public.agent_memory_keyword_corpus USING btree (namespace);


--
-- Name: agent_memory_keyword_lexemes_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX agent_memory_keyword_lexemes_idx ON public.agent_memory_keyword_lexemes USING btree (namespace, lexeme);


--
-- Name: agent_memory_keyword_log_namespace_xid; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX agent_memory_keyword_log_namespace_xid ON public.agent_memory_keyword_log USING btree (namespace, xid);


--
-- Name: memories_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX memories_id_idx ON public.memories USING btree (id);


--
-- Name: memories_namespace_created_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX memories_namespace_created_idx ON public.memories USING btree (namespace, created_at);


--
-- Name: memories_namespace_fingerprint_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX memories_namespace_fingerprint_idx ON public.memories USING btree (namespace, fingerprint);


--
-- Name: memories_namespace_superseded_by_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX memories_namespace_superseded_by_idx ON public.memories USING btree (namespace, superseded_by);


--
-- Name: memories_pending_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX memories_pending_idx ON public.memories USING btree (next_attempt_at) WHERE (embed_state = 'pending'::text);


--
-- Name: memories_pinned_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX memories_pinned_idx ON public.memories USING btree (namespace, created_at, id) WHERE (metadata @> '{"pinned": true}'::jsonb);


--
-- Name: memories_profile_accessed_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX memories_profile_accessed_idx ON public.memories USING btree (namespace, last_accessed_at, id) WHERE ((superseded_by IS NULL) AND (tier = ANY (ARRAY['procedural'::text, 'semantic'::text])));


--
-- Name: memories_profile_importance_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX memories_profile_importance_idx ON public.memories USING btree (namespace, tier, importance, id) WHERE ((superseded_by IS NULL) AND (tier = ANY (ARRAY['procedural'::text, 'semantic'::text])));


--
-- Name: memories_search_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX memories_search_idx ON public.memories USING gin (search);


--
-- Name: memories memories_keyword_log_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER memories_keyword_log_delete AFTER DELETE ON public.memories REFERENCING OLD TABLE AS agent_memory_logged_deleted FOR EACH STATEMENT EXECUTE FUNCTION public.agent_memory_keyword_log_deleted();


--
-- Name: memories memories_keyword_log_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER memories_keyword_log_insert AFTER INSERT ON public.memories REFERENCING NEW TABLE AS agent_memory_logged_inserted FOR EACH STATEMENT EXECUTE FUNCTION public.agent_memory_keyword_log_inserted();


--
-- Name: memories memories_keyword_log_truncate; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER memories_keyword_log_truncate AFTER TRUNCATE ON public.memories FOR EACH STATEMENT EXECUTE FUNCTION public.agent_memory_keyword_log_truncated();


--
-- Name: memories memories_keyword_log_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER memories_keyword_log_update AFTER UPDATE ON public.memories FOR EACH ROW WHEN (((old.search IS DISTINCT FROM new.search) OR (old.namespace <> new.namespace) OR (old.id <> new.id))) EXECUTE FUNCTION public.agent_memory_keyword_log_updated();


--
-- Name: memories memories_keyword_stats_delete; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER memories_keyword_stats_delete AFTER DELETE ON public.memories REFERENCING OLD TABLE AS agent_memory_deleted FOR EACH STATEMENT EXECUTE FUNCTION public.agent_memory_keyword_stats_deleted();


--
-- Name: memories memories_keyword_stats_insert; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER memories_keyword_stats_insert AFTER INSERT ON public.memories REFERENCING NEW TABLE AS agent_memory_inserted FOR EACH STATEMENT EXECUTE FUNCTION public.agent_memory_keyword_stats_inserted();


--
-- Name: memories memories_keyword_stats_truncate; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER memories_keyword_stats_truncate AFTER TRUNCATE ON public.memories FOR EACH STATEMENT EXECUTE FUNCTION public.agent_memory_keyword_stats_truncated();


--
-- Name: memories memories_keyword_stats_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER memories_keyword_stats_update AFTER UPDATE ON public.memories FOR EACH ROW WHEN (((old.search IS DISTINCT FROM new.search) OR (old.namespace IS DISTINCT FROM new.namespace))) EXECUTE FUNCTION public.agent_memory_keyword_stats_updated();


--
-- Name: memory_chunks memory_chunks_memory_fk; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.memory_chunks
    ADD CONSTRAINT memory_chunks_memory_fk FOREIGN KEY (namespace, memory_id) REFERENCES public.memories(namespace, id) ON UPDATE CASCADE ON DELETE CASCADE;


--
-- PostgreSQL database dump complete
--

\unrestrict k5wgG1yQE2bXelSMxnSZELapSym3PwjYQGku0zCIxV56AoWWri9gQAHUYwMoGf2

