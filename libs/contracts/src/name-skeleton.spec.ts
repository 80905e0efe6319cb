import { impersonatesStaff, nameSkeleton } from './name-skeleton';

describe('nameSkeleton', () => {
  it.each([
    ['admin', 'admin'],
    ['ADMIN', 'admin'],
    ['Ａｄｍｉｎ', 'admin'], // fullwidth (NFKC)
    ['𝐚𝐝𝐦𝐢𝐧', 'admin'], // mathematical bold (NFKC)
    ['аdmіn', 'admin'], // Cyrillic а and і
    ['ΑDΜΙΝ', 'admin'], // Greek capitals
    ['adm1n', 'admin'],
    ['admln', 'admin'],
    ['a.d.m.i.n', 'admin'],
    ['a d m i n', 'admin'],
    ['ádmín', 'admin'], // accents
    ['adrnin', 'admin'], // rn as m
    ['\u202Enimda\u200B', 'nimda'], // bidi override and zero-width space dropped
    ['Piхtrаct', 'pixtract'], // Cyrillic х and а
    ['m0der4tor', 'moderator'],
    ['ᴀᴅᴍɪɴ', 'admin'], // small capitals, which NFKC keeps
    ['ᴘɪxᴛʀᴀᴄᴛ', 'pixtract'],
  ])('reads %j as %j', (name, skeleton) => {
    expect(nameSkeleton(name)).toBe(skeleton);
  });

  it('keeps names that do not read alike apart', () => {
    expect(nameSkeleton('adam')).not.toBe(nameSkeleton('admin'));
    expect(nameSkeleton('Zoë')).toBe('zoe');
    expect(nameSkeleton('محمد')).toBe('محمد');
  });
});

describe('impersonatesStaff', () => {
  const admins = ['site-keeper', 'e2e-admin'];

  it.each([
    'Admin',
    'аdmin',
    'PIXTRACT',
    'Pix Tract',
    'Moderator',
    'Site Keeper',
    'sitekeeper',
    'SITE_KEEPER',
    's1te-keeper',
  ])('refuses %j', (name) => expect(impersonatesStaff(name, admins)).toBe(true));

  it.each(['Ada', 'administrator', 'Pixtract fan', 'keeper', '', '\u200B'])('allows %j', (name) => {
    expect(impersonatesStaff(name, admins)).toBe(false);
  });
});
