@_exported public import Beanstalk
