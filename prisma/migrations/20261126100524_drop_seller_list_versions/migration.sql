-- The seller's list is read from the database on every request again (ADR 0029): its versions, the
-- triggers that moved them and the rule that kept a prototype with its seller for them go.
DROP TRIGGER "users_deleted_seller_list_versions" ON "users";
DROP TRIGGER "prototype_info_requests_truncated_seller_list_versions" ON "prototype_info_requests";
DROP TRIGGER "prototypes_truncated_seller_list_versions" ON "prototypes";
DROP TRIGGER "prototype_info_requests_seller_list_version" ON "prototype_info_requests";
DROP TRIGGER "prototypes_seller_list_version" ON "prototypes";
DROP TRIGGER "prototypes_keep_their_seller" ON "prototypes";

DROP FUNCTION users_deleted_seller_list_versions();
DROP FUNCTION seller_lists_truncated();
DROP FUNCTION info_requests_seller_list_changed();
DROP FUNCTION prototypes_seller_list_changed();
DROP FUNCTION prototypes_keep_their_seller();
DROP FUNCTION bump_seller_list_version(uuid);

-- DropTable
DROP TABLE "seller_list_versions";

DROP SEQUENCE "seller_list_version_seq";
