/**
 * Tools that make, sign with or log in with keys and certificates, whose key, keystore and
 * output options use or write a file without printing what it holds (decision 0045): openssl
 * (OpenSSL 3's commands and options, openssl(1)), keytool (JDK 17), bundletool (1.15), PuTTY's
 * clients (0.78) and Maven (3.9). Facts from their manuals.
 */
import type { CommandFact } from '../types';

type Sub = NonNullable<CommandFact['subcommands']>[string];

/** Digests openssl reads as flags of its own (`-sha256`): `openssl list -digest-commands`. */
const DIGESTS =
  'md4 md5 md5-sha1 mdc2 ripemd ripemd160 rmd160 sha1 sha224 sha256 sha384 sha512 sha512-224 ' +
  'sha512-256 sha3-224 sha3-256 sha3-384 sha3-512 shake128 shake256 sm3 blake2b512 blake2s256 whirlpool';

/** Ciphers openssl reads as flags of its own (`-aes256`): `openssl list -cipher-commands`, the common ones. */
const CIPHERS =
  'aes128 aes192 aes256 aes-128-cbc aes-192-cbc aes-256-cbc aes-128-ecb aes-192-ecb aes-256-ecb ' +
  'aes-128-cfb aes-192-cfb aes-256-cfb aes-128-ofb aes-192-ofb aes-256-ofb aes-128-ctr aes-192-ctr ' +
  'aes-256-ctr aria128 aria192 aria256 aria-128-cbc aria-192-cbc aria-256-cbc camellia128 camellia192 ' +
  'camellia256 camellia-128-cbc camellia-192-cbc camellia-256-cbc chacha20 des des3 des-cbc des-ede ' +
  'des-ede-cbc des-ede3 des-ede3-cbc desx bf bf-cbc cast cast5-cbc idea idea-cbc rc2 rc2-cbc rc4 seed ' +
  'seed-cbc sm4 sm4-cbc';

/**
 * The options openssl's commands share, one spelling one meaning across them (a command refuses
 * an option it does not take, and then reads nothing): flags, then options taking a value.
 * `-verify`, `-sign`, `-purpose`, `-startdate`, `-enddate` and `-salt` mean different things in
 * different commands and are each command's own.
 */
const OPENSSL_SHARED =
  `${DIGESTS} ${CIPHERS} ` +
  'help text noout nodes noenc new x509 req batch verbose quiet utf8 check noverify pubin pubout pubkey ' +
  'modulus subject issuer serial dates fingerprint hash subject_hash issuer_hash email ocspid ocsp_uri ' +
  'alias trustout clrtrust clrreject CAcreateserial showcerts state debug msg prexit crlf ign_eof ' +
  'no_ign_eof brief reconnect tls1 tls1_1 tls1_2 tls1_3 no_tls1 no_tls1_1 no_tls1_2 no_tls1_3 no_ssl3 ' +
  'binary hex base64 a A d e p P z nopad nosalt pbkdf2 r c list genkey export info nokeys nocerts ' +
  'clcerts cacerts chain legacy noiter nomaciter nomac twopass stdin table crypt 1 5 6 apr1 aixmd5 ' +
  'generate safe C 2 partial_chain crl_check crl_check_all x509_strict encrypt decrypt reply query ' +
  'token_in token_out no_nonce cert_chain gendelta elapsed mr multiblock ' +
  'in= out= keyout= key= signkey= inkey= CAkey= cert= CAfile= CA= certfile= CApath= CAstore= config= ' +
  'extensions= reqexts= extfile= set_serial= CAserial= addext= copy_extensions= days= newkey= keyform= ' +
  'inform= outform= CAform= CAkeyform= certform= passin= passout= pass= subj= nameopt= certopt= ' +
  'checkend= connect= servername= starttls= port= host= verify_hostname= CRLfile= untrusted= ' +
  'trusted= algorithm= pkeyopt= sigopt= signature= md= cipher= iv= K= k= S= kfile= bufsize= engine= ' +
  'rand= writerand= provider= provider-path= propquery= name= caname= macalg= keypbe= certpbe= iter= ' +
  'bits= seconds= multi= evp= bytes= queryfile= data= digest= signer= section= recip= crldays= ' +
  'crlhours= revoke= valid= status= spkac= ss_cert= ext= paramfile= pkeyopt= outdir= policy= ' +
  'chainCAfile= xkey= xcert= xchain= dcert= dkey= accept= ciphersuites= cipher= sess_out= sess_in= ' +
  'keylogfile= alpn= proxy= keymatexport= keymatexportlen= dhparam= ecparam= out_trusted= genstr= ' +
  'genconf= offset= length= strparse= oid= dlimit= saltlen= N= kdfopt= macopt= keylen= kdf=';

/** The shared options, each spelling once (several are listed twice in the list's history). */
const SHARED_WORDS: ReadonlySet<string> = new Set(OPENSSL_SHARED.split(/\s+/).filter(Boolean));
const SHARED_LONG = [...SHARED_WORDS].join(' ');

/**
 * Its options' roles: an output written without being read (`-out`, `-keyout`), keys and
 * certificates it signs, verifies or logs in with and never prints (`-key`, `-signkey`,
 * `-inkey`, `-CAkey`, `-cert`, `-CAfile`, `-CA`, `-certfile`); `in`: the role of `-in`.
 */
function openssl(summary: string, inRole: 'read' | 'certificate', own = ''): Sub {
  const added = own.split(' ').filter((word) => word !== '' && !SHARED_WORDS.has(word));
  return {
    summary,
    singleDash: true,
    long: added.length === 0 ? SHARED_LONG : `${SHARED_LONG} ${added.join(' ')}`,
    values: {
      '-in': inRole,
      '-out': 'write',
      '-keyout': 'write',
      '-key': 'uses',
      '-signkey': 'uses',
      '-inkey': 'uses',
      '-CAkey': 'uses',
      '-cert': 'uses',
      '-CAfile': 'uses',
      '-CA': 'uses',
      '-certfile': 'uses',
    },
    writesOnly: ['-out', '-keyout'],
  };
}

/**
 * Commands that read certificates, requests and revocation lists: a private key given to `-in`
 * is refused, never printed (rsa, pkey, pkcs12, enc, asn1parse … would print it).
 */
const CERTIFICATE_COMMANDS: Record<string, Sub> = {
  x509: openssl('prints, converts and signs certificates', 'certificate', 'purpose startdate enddate'),
  req: openssl('makes and prints certificate requests', 'certificate', 'verify'),
  crl: openssl('prints and converts revocation lists', 'certificate'),
  verify: openssl('verifies certificate chains', 'certificate', 'purpose='),
};

/** Commands that read what `-in` names as it is: a key there is printed, converted or sent. */
const READING_COMMANDS: Record<string, Sub> = Object.fromEntries(
  [
    ['genrsa', 'makes an RSA key'],
    ['genpkey', 'makes a key'],
    ['gendsa', 'makes a DSA key'],
    ['rsa', 'prints and converts RSA keys'],
    ['pkey', 'prints and converts keys'],
    ['pkeyparam', 'prints key parameters'],
    ['ec', 'prints and converts EC keys'],
    ['ecparam', 'makes and prints EC parameters'],
    ['dsa', 'prints and converts DSA keys'],
    ['dsaparam', 'makes and prints DSA parameters'],
    ['dhparam', 'makes and prints DH parameters'],
    ['pkcs12', 'makes and prints PKCS#12 files'],
    ['pkcs8', 'converts private keys'],
    ['pkcs7', 'prints PKCS#7 files'],
    ['crl2pkcs7', 'makes a PKCS#7 file of certificates'],
    ['cms', 'signs, encrypts and prints CMS messages'],
    ['smime', 'signs, encrypts and prints S/MIME messages'],
    ['pkeyutl', 'signs, verifies, encrypts with keys'],
    ['rsautl', 'signs, verifies, encrypts with RSA keys'],
    ['asn1parse', 'prints ASN.1 structures'],
    ['rand', 'prints random bytes'],
    ['prime', 'tests and makes primes'],
    ['speed', 'measures algorithms'],
    ['ocsp', 'an OCSP client and responder'],
    ['spkac', 'prints and makes SPKACs'],
    ['storeutl', 'prints what a store holds'],
    ['sess_id', 'prints TLS session data'],
    ['nseq', 'makes Netscape certificate sequences'],
    ['kdf', 'derives keys'],
    ['mac', 'computes MACs'],
    ['srp', 'maintains an SRP password file'],
    ['ciphers', 'lists cipher suites'],
    ['errstr', 'prints error strings'],
    ['list', 'lists algorithms and commands'],
    ['version', 'prints the version'],
    ['help', 'prints help'],
  ].map(([name, summary]) => [name!, openssl(summary!, 'read')]),
);

export const KEYS: readonly CommandFact[] = [
  {
    names: ['openssl'],
    summary: 'the OpenSSL tool: keys, certificates, digests, ciphers and TLS clients',
    subcommands: {
      ...CERTIFICATE_COMMANDS,
      ...READING_COMMANDS,
      dgst: {
        ...openssl('prints digests and signatures of files', 'read', 'verify= prverify= sign='),
        names: DIGESTS.split(' '),
        operands: ['read'],
      },
      enc: {
        ...openssl('encrypts and decrypts', 'read', 'salt'),
        names: ['base64', ...CIPHERS.split(' ')],
      },
      passwd: openssl('hashes passwords', 'read', 'salt= in='),
      s_client: openssl('a TLS client', 'read', 'verify='),
      s_server: openssl('a TLS server', 'read', 'verify= Verify='),
      s_time: openssl('times TLS connections', 'read', 'verify='),
      ts: openssl('makes and verifies time stamps', 'read', 'verify'),
      ca: openssl('a small certificate authority', 'read', 'startdate= enddate= preserveDN noemailDN'),
    },
    examples: [
      {
        argv: ['openssl', 'req', '-new', '-key', 'k.pem', '-out', 'req.csr'],
        roles: { 4: 'uses', 6: 'write' },
      },
      { argv: ['openssl', 'x509', '-in', 'c.pem', '-noout', '-text'], roles: { 3: 'certificate' } },
      { argv: ['openssl', 'rsa', '-in', 'k.pem', '-text'], roles: { 3: 'read' } },
      { argv: ['openssl', 'sha256', '-hex', 'f'], roles: { 3: 'read' } },
      {
        argv: ['openssl', 'aes-256-cbc', '-d', '-in', 'x.enc', '-out', 'x'],
        roles: { 4: 'read', 6: 'write' },
      },
    ],
  },
  {
    names: ['keytool'],
    summary: 'the Java key and certificate tool: its command is an option (`-genkeypair`, `-list`)',
    singleDash: true,
    long:
      'certreq changealias delete exportcert export genkeypair genkey genseckey gencert importcert ' +
      'import importpass importkeystore keypasswd list printcert printcertreq printcrl storepasswd ' +
      'showinfo version help v rfc noprompt trustcacerts cacerts protected srcprotected destprotected ' +
      'tls sslserver= jarfile= alias= destalias= srcalias= keypass= destkeypass= srckeypass= ' +
      'keystore= srckeystore= destkeystore= storepass= srcstorepass= deststorepass= storetype= ' +
      'srcstoretype= deststoretype= providername= srcprovidername= destprovidername= addprovider= ' +
      'providerclass= providerarg= providerpath= file= infile= outfile= sigalg= dname= ext= validity= ' +
      'keyalg= keysize= groupname= startdate= new= signer= signerkeypass= keystore-type=',
    // Keystores it signs and logs in with: it prints their entries' names and public
    // certificates, never a private key.
    values: { '-keystore': 'uses', '-srckeystore': 'uses', '-destkeystore': 'uses' },
    examples: [
      {
        argv: ['keytool', '-genkeypair', '-v', '-keystore', 'k.keystore', '-alias', 'k'],
        roles: { 4: 'uses' },
      },
    ],
  },
  {
    names: ['bundletool'],
    summary: "Android's app bundle tool",
    long:
      'bundle= output= ks= ks-pass= ks-key-alias= key-pass= mode= apks= device-spec= modules= ' +
      'connected-device device-id= adb= overwrite local-testing aapt2= xpath= module= resource= values ' +
      'allow-downgrade timeout-millis= dimensions= version-code= output-format= help',
    // The keystore an APK set is signed with: never printed.
    values: { '--ks': 'uses' },
    examples: [
      {
        argv: ['bundletool', 'build-apks', '--bundle', 'b.aab', '--ks', 'k.keystore', '--output', 'o'],
        roles: { 5: 'uses' },
      },
    ],
  },
  {
    names: ['putty', 'plink', 'pscp', 'psftp'],
    summary: "PuTTY's ssh clients: a terminal, a command runner, scp and sftp",
    singleDash: true,
    long:
      'ssh telnet rlogin raw serial ssh-connection v V batch agent noagent A a X x t T C N s 4 6 ' +
      'no-antispoof shareexists q p r unsafe scp sftp ls help load= P= l= pw= pwfile= i= L= R= D= ' +
      'm= nc= hostkey= sercfg= sshlog= sshrawlog= loghost= proxycmd= cert= b= bc be=',
    // The private key it logs in with: used, never sent or printed.
    values: { '-i': 'uses' },
    examples: [{ argv: ['putty', '-ssh', 'u@h', '-i', 'k.ppk'], roles: { 4: 'uses' } }],
  },
  {
    names: ['mvn'],
    summary: 'Maven: builds Java projects',
    singleDash: true,
    long:
      'am also-make amd also-make-dependents B batch-mode b= builder= C strict-checksums c ' +
      'lax-checksums cpu check-plugin-updates e errors emp= encrypt-master-password= ep= ' +
      'encrypt-password= f= file= fae fail-at-end ff fail-fast fn fail-never gs= global-settings= ' +
      'gt= global-toolchains= h help l= log-file= llr legacy-local-repository N non-recursive npr ' +
      'no-plugin-registry npu no-plugin-updates nsu no-snapshot-updates ntp no-transfer-progress o ' +
      'offline P= activate-profiles= pl= projects= q quiet rf= resume-from= s= settings= t= ' +
      'toolchains= T= threads= U update-snapshots up update-plugins v version V show-version X debug ' +
      'color= define=',
    // `-DNAME[=VALUE]` sets a property, its value attached or in the next word (commons-cli's
    // short option), the long options above being named first.
    short: 'D:',
    // The settings a build logs in to repositories with: never printed.
    values: { '-s': 'uses', '-settings': 'uses', '-gs': 'uses', '-global-settings': 'uses' },
    examples: [
      { argv: ['mvn', '-s', 'settings.xml', 'package'], roles: { 2: 'uses' } },
      // One reading: `-DskipTests` holds its value, so `package` is the goal.
      { argv: ['mvn', '-DskipTests', 'package'], roles: { 2: 'unknown' }, readings: 1 },
      { argv: ['mvn', '-Dkey=value', '-D', 'other=1', '-o', 'verify'], readings: 1 },
    ],
  },
];
