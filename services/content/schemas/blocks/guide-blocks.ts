/** Blocks the setup guides are made of: steps, firmware, protocols and per-platform instructions. */
import { Type } from '@sinclair/typebox';
import { Badge, Difficulty, Icon, LinkName, List, Obj, ProviderRef, Str } from '../common.ts';
import { block, Heading, Intro } from './define.ts';

export const StepsBlock = block(
  'steps',
  {
    heading: Heading,
    intro: Intro,
    steps: List(
      Obj(
        {
          icon: Type.Optional(Icon),
          title: Str('What this step does, e.g. "Download the app".'),
          description: Str('What to do, in one or two sentences.'),
          details: Type.Optional(List(Str('One concrete instruction or tip.'), 'Finer points of the step.')),
        },
        'One numbered step; the number comes from its position.',
      ),
      'The steps, in order.',
    ),
  },
  'Numbered setup steps.',
);

export const RequirementsBlock = block(
  'requirements',
  {
    heading: Heading,
    groups: List(
      Obj(
        { title: Str('e.g. "Minimum" or "Recommended".'), items: List(Str('One requirement.'), 'The requirements.') },
        'One set of requirements.',
      ),
      'Sets of requirements side by side.',
    ),
  },
  'System requirements, e.g. minimum and recommended.',
);

export const IssuesBlock = block(
  'issues',
  {
    heading: Heading,
    intro: Intro,
    solutionLabel: Str('Label before each solution, e.g. "Solution:".'),
    items: List(
      Obj({ issue: Str('The problem, as the reader sees it.'), solution: Str('How to fix it, step by step.') }, 'One issue and its fix.'),
      'The issues.',
    ),
  },
  'Common issues with their solutions.',
);

export const ProviderDownloadsBlock = block(
  'provider-downloads',
  {
    heading: Heading,
    intro: Intro,
    protocolsLabel: Type.Optional(Str('Label before a provider\'s protocol list, e.g. "Protocols:".')),
    buttons: List(
      Obj(
        {
          link: LinkName,
          label: Str(
            'Button text, e.g. "Download for Windows". A "Download for <platform>" or "Get <platform> Config" label needs the link of that name on every provider below, or `otherwise`.',
          ),
          otherwise: Type.Optional(
            Str(
              'Button text on the cards of providers with no link of this name, whose button opens their website: e.g. "Visit {name}" ({name} is the provider\'s name). A card shows one button of each text.',
            ),
          ),
          icon: Icon,
        },
        "A button on every provider card: it opens that provider's link of this name through /go/<slug>/<name>, or its website when it has none (then labelled `otherwise`).",
      ),
      'The buttons on each provider card.',
    ),
    providers: List(
      Obj(
        {
          provider: ProviderRef,
          badge: Type.Optional(Badge),
          protocols: Type.Optional(List(Str('A protocol name.'), 'Protocols the provider supports on this platform.')),
        },
        "A provider card: name, logo and the buttons' links come from data/providers.",
      ),
      'The providers to choose from.',
    ),
  },
  'A provider picker with download or configuration buttons.',
);

export const FirmwareBlock = block(
  'firmware',
  {
    heading: Heading,
    intro: Intro,
    labels: Obj(
      {
        difficulty: Str('Label before the difficulty.'),
        compatibility: Str('Label before the compatibility.'),
        features: Str('Label above the feature list.'),
      },
      'Labels on each card.',
    ),
    items: List(
      Obj(
        {
          name: Str('Firmware name, e.g. "DD-WRT".'),
          description: Str('What it is and who it suits.'),
          difficulty: Difficulty,
          compatibility: Str('Which routers run it.'),
          features: List(Str('One feature.'), 'What it offers for a VPN.'),
        },
        'One firmware type.',
      ),
      'The firmware types.',
    ),
  },
  'Router firmware cards.',
);

export const ProtocolsBlock = block(
  'protocols',
  {
    heading: Heading,
    intro: Intro,
    labels: Obj(
      {
        ports: Str('Label before the ports.'),
        encryption: Str('Label before the encryption.'),
        difficulty: Str('Label before the difficulty.'),
        platforms: Str('Label above the platforms.'),
      },
      'Labels on each card.',
    ),
    items: List(
      Obj(
        {
          name: Str('Protocol name, e.g. "WireGuard".'),
          description: Str('What it is good at.'),
          ports: Str('Ports and transport, e.g. "UDP 51820".'),
          encryption: Str('The ciphers it uses.'),
          difficulty: Difficulty,
          platforms: List(Str('A platform name.'), 'Where it runs.'),
        },
        'One protocol.',
      ),
      'The protocols.',
    ),
  },
  'VPN protocol cards.',
);

export const PlatformStepsBlock = block(
  'platform-steps',
  {
    heading: Heading,
    intro: Intro,
    platforms: List(
      Obj(
        { name: Str('Platform name, e.g. "iOS".'), icon: Icon, steps: List(Str('One step.'), 'The steps, in order.') },
        'Instructions for one platform.',
      ),
      'One column per platform.',
    ),
  },
  'Numbered steps per platform.',
);
