/** The `sessions` texts in he; address and terms as in the glossary (docs/i18n*.md). */
import type { NamespaceCatalog } from '../../catalog.ts';

export default {
  'sessions.devicesHeading': 'מכשירים והפעלות',
  'sessions.devicesIntro': 'המקומות שבהם נכנסתם לארגון הזה. יש לצאת מכל הפעלה שאינכם מזהים.',
  'sessions.userDevicesIntro': 'המקומות שבהם האדם הזה מחובר.',
  'sessions.unknownBrowser': 'דפדפן לא ידוע',
  'sessions.unknownSystem': 'מערכת לא ידועה',
  'sessions.thisDevice': 'המכשיר הזה',
  'sessions.address': 'כתובת',
  'sessions.firstSeen': 'כניסה',
  'sessions.lastSeen': 'פעילות אחרונה',
  'sessions.signedInWith': 'שיטת כניסה',
  'sessions.signOut': 'יציאה',
  'sessions.signOutOthers': 'יציאה מכל שאר ההפעלות',
  'sessions.signedOutOthers':
    '{n, plural, one {בוצעה יציאה מהפעלה אחת נוספת} two {בוצעה יציאה משתי הפעלות נוספות} other {בוצעה יציאה מ־# הפעלות נוספות}}',
  'sessions.signedOutOne': 'בוצעה יציאה מההפעלה',
  'sessions.noSessions': 'אין הפעלות.',
  'sessions.moreSessions':
    '{n, plural, one {מוצגת רק ההפעלה שהייתה פעילה לאחרונה; הפעלות ישנות יותר הושמטו.} two {מוצגות רק שתי ההפעלות שהיו פעילות לאחרונה; הפעלות ישנות יותר הושמטו.} other {מוצגות רק # ההפעלות שהיו פעילות לאחרונה; הפעלות ישנות יותר הושמטו.}}',
  'sessions.signOutEverywhere': 'יציאה מכל מקום',
  'sessions.signOutEverywhereConfirm': 'להוציא את האדם הזה מכל מקום? כל ההפעלות יסתיימו, וכל אפליקציה תאבד את אסימוני הגישה והרענון שלה.',
  'sessions.signedOutEverywhere': 'בוצעה יציאה מכל מקום',
  'sessions.applicationsHeading': 'אפליקציות מחוברות',
  'sessions.applicationsIntro': 'אפליקציות שנכנסתם אליהן ושעדיין יכולות לפעול בשמכם.',
  'sessions.noApplications': 'לאף אפליקציה אין גישה.',
  'sessions.moreApplications':
    '{n, plural, one {מוצגת רק האפליקציה שבה השתמשו לאחרונה; השאר הושמטו.} two {מוצגות רק שתי האפליקציות שבהן השתמשו לאחרונה; השאר הושמטו.} other {מוצגות רק # האפליקציות שבהן השתמשו לאחרונה; השאר הושמטו.}}',
  'sessions.granted': 'ניתנה גישה',
  'sessions.lastUsed': 'שימוש אחרון',
  'sessions.never': 'אף פעם',
  'sessions.removeAccess': 'הסרת גישה',
  'sessions.accessRemoved': 'הגישה הוסרה',
  'sessions.sessionNotFound': 'ההפעלה לא נמצאה',
  'sessions.applicationNotFound': 'לאפליקציה הזו אין גישה לחשבון הזה',
  'sessions.methodPassword': 'סיסמה',
  'sessions.methodPasskey': 'מפתח גישה',
  'sessions.methodConnection': 'חיבור כניסה',
  'sessions.methodTwoStep': 'דו-שלבי',
} satisfies NamespaceCatalog<'sessions'>;
