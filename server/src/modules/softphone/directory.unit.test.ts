import { DIAL_STRING, directoryXml, type DirectoryEntry } from './directory';

const entry: DirectoryEntry = {
  id: 'seat8001',
  extension: '8001',
  authName: 'seat8001',
  password: 'p&w',
  line: { id: 3, prefix: '9', callerNumber: '02100000003' },
};

it('answers the id FreeSWITCH asked for, with the password, auth name and dial-string', () => {
  const x = directoryXml('callplat.local', entry);
  expect(x).toContain('<domain name="callplat.local"><user id="seat8001">');
  expect(x).toContain('<param name="password" value="p&amp;w"/>');
  expect(x).toContain('<param name="auth-name" value="seat8001"/>');
  // user/<ext> rings where the extension registered (without it: MANDATORY_IE_MISSING).
  expect(x).toContain(`<param name="dial-string" value="${DIAL_STRING}"/>`);
  expect(DIAL_STRING).toContain('${sofia_contact(*/${dialed_user}@${dialed_domain})}');
});

it("carries what the seats dialplan needs: context, extension, the merchant's line and caller id", () => {
  const x = directoryXml('callplat.local', entry);
  for (const v of [
    '<variable name="user_context" value="seats"/>',
    '<variable name="callplat_extension" value="8001"/>',
    '<variable name="callplat_line" value="line-3"/>',
    '<variable name="callplat_line_prefix" value="9"/>',
    '<variable name="effective_caller_id_number" value="02100000003"/>',
  ])
    expect(x).toContain(v);
  const noLine = directoryXml('callplat.local', { ...entry, line: null });
  expect(noLine).not.toContain('callplat_line');
  expect(noLine).toContain('<variable name="callplat_extension" value="8001"/>');
});
