-- The object an audit row is about ("request 17") is kept in its detail as {"object": {"kind", "id"}}
-- (covered by the hash chain); the trail's search by object reads this index, newest first.
-- Rows written before it name no object: rewriting them would break the chain.
CREATE INDEX audit_log_object ON audit_log ((detail #>> '{object,kind}'), (detail #>> '{object,id}'), at, id);
