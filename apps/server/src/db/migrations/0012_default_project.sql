-- Every install has the default project (spec 1 §1: bare hosts and unknown labels land there), so the
-- first sign-up of a production install (DEMO=false) has a project to join. The demo renames it "Demo".
INSERT INTO "projects" ("id", "name") VALUES ('default', 'Default') ON CONFLICT ("id") DO NOTHING;
