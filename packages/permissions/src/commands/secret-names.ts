/**
 * Variable names that hold a secret by their name: keys, tokens, passwords (`MYSQL_PWD`), signed
 * tokens (`CI_JOB_JWT`), URLs that carry credentials (`DATABASE_URL`, `REDIS_URL`, `SENTRY_DSN`,
 * `SLACK_WEBHOOK_URL`), Stripe-style secret keys (`STRIPE_SK`). One source: the table's
 * `printenv NAME` condition and the floor's checks of variable names read it.
 */
export const SECRET_NAME_SOURCE =
  'KEY|TOKEN|SECRET|PASS|AUTH|CREDENTIAL|PRIVATE|SESSION|COOKIE|JWT|DSN|WEBHOOK|_PWD$|_SK$|CONNECTION_?STRING|' +
  '(?:DATABASE|DB|REDIS|MONGO(?:DB)?|POSTGRES(?:QL)?|PG|MYSQL|AMQP|RABBITMQ|BROKER)_(?:URL|URI)$';

/** A variable name that holds a secret (see `SECRET_NAME_SOURCE`), anywhere in the name, ignoring case. */
export const SECRET_NAME = new RegExp(SECRET_NAME_SOURCE, 'i');
