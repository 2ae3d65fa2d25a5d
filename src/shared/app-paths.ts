// The app's screens as notifications and admin views link to them (relative paths; e-mails prefix
// the app's origin). Ids are numbers or UUIDs, so nothing here needs URI-encoding.

/** The seller's page for one of their prototypes. */
export const sellerPrototypePath = (prototypeId: number | string) => `/prototypes/${prototypeId}`;

/** The admins' evaluation screen of a prototype (scorecards, final evaluation, release). */
export const evaluationScreenPath = (prototypeId: number) => `/admin-panel/prototypes/${prototypeId}/evaluation`;

/** The admin panel with its search box holding the prototype's id. */
export const adminPanelSearchPath = (prototypeId: number) => `/admin-panel?q=${prototypeId}`;

/** A thread open in the admin inbox, by the id of its root message. */
export const adminThreadPath = (rootMessageId: number) => `/admin-inbox?thread=${rootMessageId}`;

/** A user's messages screen with one message open. */
export const userMessagePath = (messageId: number | string) => `/messages?id=${messageId}`;

/** An admin's page about one user. */
export const adminUserPath = (userId: string) => `/admin/users/${userId}`;

/** A support ticket as its author sees it. */
export const userTicketPath = (ticketId: number) => `/support/${ticketId}`;

/** A support ticket in the admins' queue. */
export const adminTicketPath = (ticketId: number) => `/admin/support/${ticketId}`;
